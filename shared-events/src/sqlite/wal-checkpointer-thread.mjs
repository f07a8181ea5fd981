/**
 * Copies one SQLite file's WAL back into the database on its own thread (wal-checkpointer.ts), so the
 * fsyncs of a checkpoint do not stall the event loop of the connection that writes. PASSIVE: it never
 * waits for, or blocks, readers and writers; what it cannot copy now it copies on a later turn.
 * Plain JavaScript, so the thread starts without the TypeScript loader.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, intervalMs } = workerData;
const db = new Database(file);
db.pragma('busy_timeout = 0');
// This connection never writes pages of its own, so it must not checkpoint at close either.
db.pragma('wal_autocheckpoint = 0');

const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // SQLITE_BUSY (another checkpoint is under way) or a file being replaced: the next turn tries again.
  }
};
const timer = setInterval(checkpoint, intervalMs);

parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
