import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  /** Milliseconds from spawn until the readiness URL answered 200. */
  readyMs: number;
  /** Resident set size now and at its peak, in MB (from /proc). */
  memory(): { rssMb: number; peakMb: number };
  stop(): Promise<void>;
  kill9(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Spawns a Node entry (TypeScript through tsx) on a free port and waits until
 * `readyPath` answers 200. The product server is `command-api/src/main.ts`.
 */
export async function spawnServer(options: {
  entry?: string;
  dataDir: string;
  env?: Record<string, string>;
  readyPath?: string;
  timeoutMs?: number;
  port?: number;
  /** Extra Node flags, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] to profile the server. */
  nodeArgs?: string[];
}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const entry = options.entry ?? 'command-api/src/main.ts';
  const started = performance.now();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      UI_DIST: '/nonexistent',
      ...options.env,
    },
    stdio: ['ignore', process.env.BENCH_SERVER_LOGS ? 'inherit' : 'ignore', process.env.BENCH_SERVER_LOGS ? 'inherit' : 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}: ${stderr}`);
    try {
      const response = await fetch(url + (options.readyPath ?? '/readyz'));
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${entry} not ready in time: ${stderr}`);
    }
    await sleep(10);
  }
  const readyMs = performance.now() - started;
  const pid = child.pid!;
  return {
    url,
    port,
    pid,
    readyMs,
    memory() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
      return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited(child);
      clearTimeout(timer);
    },
    async kill9() {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
}
