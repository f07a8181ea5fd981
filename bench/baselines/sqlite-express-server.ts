import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import express from 'express';

/**
 * Baseline for the write benchmark: the least an Express server can do to store a
 * student as durably as the event store does. One INSERT (POST) or UPDATE (PUT) per
 * request, each its own transaction, in a WAL SQLite file with synchronous=FULL.
 */
const port = Number(process.env.PORT ?? 0);
const db = new Database(path.join(process.env.DATA_DIR ?? '.', 'baseline.sqlite'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec('CREATE TABLE IF NOT EXISTS students (id TEXT PRIMARY KEY, owner TEXT NOT NULL, revision INTEGER NOT NULL, doc TEXT NOT NULL)');
const insert = db.prepare('INSERT INTO students (id, owner, revision, doc) VALUES (?, ?, 0, ?)');
const update = db.prepare('UPDATE students SET doc = ?, revision = revision + 1 WHERE id = ? RETURNING revision');

const app = express();
app.use(express.json({ limit: '1mb' }));
app.get('/readyz', (_req, res) => void res.json({ status: 'ready' }));
app.post('/api/students', (req, res) => {
  const id = randomUUID();
  const doc = { ...req.body, id, revision: 0 };
  insert.run(id, req.get('Cookie') ?? '', JSON.stringify(doc));
  res.setHeader('ETag', '"0"');
  res.status(201).json(doc);
});
app.put('/api/students/:id', (req, res) => {
  const row = update.get(JSON.stringify(req.body), req.params.id) as { revision: number } | undefined;
  if (!row) return void res.status(404).json({ message: 'Student not found' });
  res.setHeader('ETag', `"${row.revision}"`);
  res.json({ ...req.body, id: req.params.id, revision: row.revision });
});
// Lets the benchmark create the rows its PUTs update.
app.post('/seed/:id', (req, res) => {
  insert.run(req.params.id, '', '{}');
  res.status(201).json({ id: req.params.id });
});
app.listen(port);
