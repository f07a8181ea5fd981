import { Worker } from 'node:worker_threads';
import { WrongExpectedRevisionError, type ExpectedRevision } from './event-store.ts';

/** An error as the writer thread reports it: a revision conflict, or a name and message (never row data). */
export type WriterError =
  | { conflict: { streamId: string; expected: ExpectedRevision; actual: number } }
  | { name: string; message: string; code?: string };

export function errorFrom(reported: WriterError): Error {
  if ('conflict' in reported) {
    const { streamId, expected, actual } = reported.conflict;
    return new WrongExpectedRevisionError(streamId, expected, actual);
  }
  return Object.assign(new Error(reported.message), { name: reported.name, code: reported.code });
}

type Reply = { id: number; reply: unknown } | { id: number; failed: WriterError };
interface Call {
  resolve(reply: unknown): void;
  reject(error: Error): void;
}

/**
 * One worker thread per process for the embedded stores' durable writes (sqlite-writer.mjs), so
 * their fsyncs do not stall the event loop. Started at the first write, so processes that only read
 * (a rebuild) never start it; it holds the process open only while a write is under way.
 */
let worker: Worker | null = null;
let nextId = 0;
const calls = new Map<number, Call>();

function thread(): Worker {
  if (worker) return worker;
  // No TypeScript loader in the thread: it runs one plain JavaScript file.
  const started = new Worker(new URL('./sqlite-writer.mjs', import.meta.url), { execArgv: [] });
  started.on('message', (message: Reply) => {
    const call = calls.get(message.id);
    if (!call) return;
    calls.delete(message.id);
    if (calls.size === 0) started.unref();
    if ('failed' in message) call.reject(errorFrom(message.failed));
    else call.resolve(message.reply);
  });
  const stopped = (error: Error) => {
    if (worker !== started) return;
    worker = null;
    // Whether these writes happened is unknown: their callers must not assume either way.
    for (const call of calls.values()) call.reject(new Error(`The SQLite writer thread stopped: ${error.message}`));
    calls.clear();
  };
  started.on('error', stopped);
  started.on('exit', (code) => stopped(new Error(`exit code ${code}`)));
  worker = started;
  return started;
}

function call(file: string, kind: 'append' | 'keys' | 'close', payload: unknown): Promise<unknown> {
  const target = thread();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    calls.set(id, { resolve, reject });
    target.ref();
    try {
      target.postMessage({ id, file, kind, payload });
    } catch (error) {
      calls.delete(id);
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/** Writes to one SQLite file through the process's writer thread, in the order they are asked for. */
export function sqliteWriter<Payload, Result>(file: string, kind: 'append' | 'keys') {
  let used = false;
  return {
    write(payload: Payload): Promise<Result> {
      used = true;
      return call(file, kind, payload) as Promise<Result>;
    },
    /** Closes the thread's connection to the file (after the writes already asked for). */
    async close(): Promise<void> {
      if (used && worker) await call(file, 'close', null);
    },
  };
}
