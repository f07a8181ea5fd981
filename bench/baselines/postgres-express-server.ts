import { randomUUID } from 'node:crypto';
import express from 'express';
import pg from 'pg';

/**
 * Baseline for the PostgreSQL benchmark: the least an Express server can do with the same client (pg) and server.
 * One INSERT (POST) or UPDATE (PUT) per request, autocommit; the students list is one SELECT of the owner's rows.
 * The owner is the session cookie's value, taken on trust (no session lookup, no access check, no access log).
 */
const port = Number(process.env.PORT ?? 0);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 12 });
await pool.query('CREATE TABLE IF NOT EXISTS students (id uuid PRIMARY KEY, owner text NOT NULL, revision integer NOT NULL, doc jsonb NOT NULL)');
await pool.query('CREATE INDEX IF NOT EXISTS students_by_owner ON students (owner)');

const app = express();
app.use(express.json({ limit: '1mb' }));
app.get('/readyz', (_req, res) => void res.json({ status: 'ready' }));
app.post('/api/students', async (req, res) => {
  const id = randomUUID();
  const doc = { ...(req.body as object), id, revision: 0 };
  await pool.query('INSERT INTO students (id, owner, revision, doc) VALUES ($1, $2, 0, $3)', [id, req.get('Cookie') ?? '', JSON.stringify(doc)]);
  res.setHeader('ETag', '"0"');
  res.status(201).json(doc);
});
app.put('/api/students/:id', async (req, res) => {
  const { rows } = await pool.query<{ revision: number }>('UPDATE students SET doc = $1, revision = revision + 1 WHERE id = $2 RETURNING revision', [
    JSON.stringify(req.body),
    req.params.id,
  ]);
  if (!rows[0]) return void res.status(404).json({ message: 'Student not found' });
  res.setHeader('ETag', `"${rows[0].revision}"`);
  res.json({ ...(req.body as object), id: req.params.id, revision: rows[0].revision });
});
app.get('/api/students', async (req, res) => {
  const { rows } = await pool.query<{ doc: unknown }>('SELECT doc FROM students WHERE owner = $1 ORDER BY id', [req.get('Cookie') ?? '']);
  res.json(rows.map((row) => row.doc));
});
// Lets the benchmark create the rows its PUTs update.
app.post('/seed/:id', async (req, res) => {
  await pool.query('INSERT INTO students (id, owner, revision, doc) VALUES ($1, $2, 0, $3)', [req.params.id, req.get('Cookie') ?? '', '{}']);
  res.status(201).json({ id: req.params.id });
});
app.listen(port);
