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
  /** Starts it again on the same port; does nothing while it runs. */
  start(): Promise<void>;
}

export async function startPrivateRedis(options: { dir?: string } = {}): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  const persistence = options.dir ? ['--appendonly', 'yes', '--dir', options.dir] : ['--appendonly', 'no'];
  let child: ChildProcess | null = null;
  const running = (current: ChildProcess | null): current is ChildProcess =>
    current !== null && current.exitCode === null && current.signalCode === null;
  const stopWith = async (signal: NodeJS.Signals) => {
    const current = child;
    if (!running(current)) return;
    const gone = new Promise((resolve) => current.once('exit', resolve));
    current.kill(signal);
    await gone;
  };
  const start = async () => {
    // A second server on the same port would fail to bind and exit, and `child` would then name it instead of
    // the one still serving, which no shutdown would reach: it outlived the test run.
    if (running(child)) return;
    const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...persistence], { stdio: 'ignore' });
    child = started;
    // A test process that ends without its afterAll (a timeout, a failed beforeAll) must not leave a server behind.
    const killOnExit = () => void started.kill('SIGKILL');
    process.once('exit', killOnExit);
    started.once('exit', () => process.off('exit', killOnExit));
    const deadline = Date.now() + 10_000;
    while (!(await isRedisReachable(url))) {
      if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  await start();
  return { port, url, shutdown: () => stopWith('SIGTERM'), kill: () => stopWith('SIGKILL'), start };
}
