import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from '@accommodate/projections/testing/free-port';
import { isRedisReachable } from '../jobs/redis-test-keys.ts';

/** Whether a redis-server binary is on PATH; tests that need their own Redis skip (saying why) without one. */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/**
 * A redis-server of the test's own on a free port, so stopping it disturbs nobody else.
 * With `dir` it keeps an append-only file there (as docker-compose.yml does) and comes
 * back from `start` with its data; without, it starts empty each time.
 */
export interface PrivateRedis {
  port: number;
  url: string;
  /** A real shutdown (SIGTERM): clients see refused connections until `start`. */
  shutdown(): Promise<void>;
  /** SIGKILL, as a crash. */
  kill(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
}

export async function startPrivateRedis(options: { dir?: string } = {}): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  const persistence = options.dir ? ['--appendonly', 'yes', '--dir', options.dir] : ['--appendonly', 'no'];
  let child: ChildProcess | null = null;
  const stopWith = async (signal: NodeJS.Signals) => {
    const current = child;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    const gone = new Promise((resolve) => current.once('exit', resolve));
    current.kill(signal);
    await gone;
  };
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...persistence], { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    while (!(await isRedisReachable(url))) {
      if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  await start();
  return { port, url, shutdown: () => stopWith('SIGTERM'), kill: () => stopWith('SIGKILL'), start };
}
