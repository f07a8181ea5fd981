import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import express from 'express';

/**
 * Baseline for the read benchmark: Express answering GET /api/students with the
 * very bytes the product answered, held in memory (BODY_FILE), same content type.
 * Like the product (command-api/src/http/encoded-answers.ts), a client that accepts gzip gets the body compressed,
 * at zlib's default level, once at start: the baseline of a compressed answer is its compressed bytes from memory.
 */
const port = Number(process.env.PORT ?? 0);
const body = readFileSync(process.env.BODY_FILE!);
const gzipped = body.length >= 1024 ? gzipSync(body) : null;

const app = express();
app.get('/readyz', (_req, res) => void res.json({ status: 'ready' }));
app.get('/api/students', (req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  res.vary('Accept-Encoding');
  const compressed = gzipped !== null && req.acceptsEncodings('gzip') === 'gzip';
  if (compressed) res.setHeader('Content-Encoding', 'gzip');
  res.type('application/json').send(compressed ? gzipped : body);
});
app.listen(port);
