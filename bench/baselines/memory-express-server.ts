import { readFileSync } from 'node:fs';
import express from 'express';

/**
 * Baseline for the read benchmark: Express answering GET /api/students with the
 * very bytes the product answered, held in memory (BODY_FILE), same content type.
 */
const port = Number(process.env.PORT ?? 0);
const body = readFileSync(process.env.BODY_FILE!);

const app = express();
app.get('/readyz', (_req, res) => void res.json({ status: 'ready' }));
app.get('/api/students', (_req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  res.type('application/json').send(body);
});
app.listen(port);
