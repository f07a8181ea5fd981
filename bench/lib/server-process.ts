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
  /** The last 4,000 characters it wrote to stderr: what it said before a crash. */
  stderr(): string;
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

interface NodeChild {
  child: ChildProcess;
  /** The last 4,000 characters the child wrote to stderr (unless logs are inherited). */
  stderr(): string;
}

/**
 * The Node flags `npm start` gives the server (e.g. its heap cap), read from package.json so that
 * the product is measured as it is run.
 */
export const PRODUCT_NODE_FLAGS: readonly string[] = (() => {
  const { scripts } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const command = scripts.start.split('&&').at(-1)!.trim().split(/\s+/);
  return command.slice(1, command.indexOf('--import')).filter((flag) => flag.startsWith('--'));
})();

/** A Node entry (TypeScript through tsx) in the repo, with the benchmark's environment. */
function spawnNode(entry: string, nodeArgs: string[], env: Record<string, string>, stdout: 'ignore' | 'pipe'): NodeChild {
  const inherit = Boolean(process.env.BENCH_SERVER_LOGS);
  const productFlags = entry.startsWith('bench/') ? [] : PRODUCT_NODE_FLAGS;
  const child = spawn(process.execPath, [...productFlags, ...nodeArgs, '--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', UI_DIST: '/nonexistent', ...env },
    stdio: ['ignore', inherit && stdout === 'ignore' ? 'inherit' : stdout, inherit ? 'inherit' : 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  return { child, stderr: () => stderr };
}

/**
 * Runs a script of the repo (TypeScript through tsx) to its end, its stderr shown as ours. Returns what it wrote
 * to stdout; with `stdout: 'inherit'` that is shown as it comes instead, and '' is returned. Throws unless it exits 0.
 */
export async function runScript(entry: string, args: readonly string[], options: { stdout: 'capture' | 'inherit' }): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, entry), ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', options.stdout === 'capture' ? 'pipe' : 'inherit', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`${entry} exited with code ${code}`);
  return output;
}

function handle(child: ChildProcess) {
  return {
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
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
  // BENCH_PROFILE_DIR=/tmp/prof profiles every server a benchmark starts, without editing the benchmark.
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const { child, stderr } = spawnNode(entry, [...profile, ...(options.nodeArgs ?? [])], { PORT: String(port), DATA_DIR: options.dataDir, ...options.env }, 'ignore');
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}: ${stderr()}`);
    try {
      const response = await fetch(url + (options.readyPath ?? '/readyz'));
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${entry} not ready in time: ${stderr()}`);
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
    stderr,
    memory() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
      return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
    },
    ...handle(child),
  };
}

/** A service without an HTTP port (the projections or workers process). */
export interface ServiceProcess {
  pid: number;
  /** Milliseconds from spawn until its ready line was logged. */
  readyMs: number;
  /** Called with each line the service logs on stdout (JSON lines at LOG_LEVEL=info), with the time it arrived. */
  onLine(listener: (line: string, at: number) => void): void;
  stop(): Promise<void>;
  kill9(): Promise<void>;
}

/**
 * Spawns a service at LOG_LEVEL=info and waits for a stdout line containing `readyLine`
 * (e.g. 'projections running'). Its stdout is read for as long as it runs, so it never blocks on a full pipe.
 */
export async function spawnService(options: {
  entry: string;
  dataDir: string;
  readyLine: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<ServiceProcess> {
  const started = performance.now();
  const { child, stderr } = spawnNode(options.entry, [], { DATA_DIR: options.dataDir, LOG_LEVEL: 'info', ...options.env }, 'pipe');
  const listeners: ((line: string, at: number) => void)[] = [];
  let partial = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const at = performance.now();
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) for (const listener of listeners) listener(line, at);
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${options.entry} not ready in time: ${stderr()}`));
    }, options.timeoutMs ?? 120_000);
    const ready = (line: string) => {
      if (!line.includes(options.readyLine)) return;
      clearTimeout(timer);
      listeners.splice(listeners.indexOf(ready), 1);
      resolve();
    };
    listeners.push(ready);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${options.entry} exited with ${code}: ${stderr()}`));
    });
  });
  return {
    pid: child.pid!,
    readyMs: performance.now() - started,
    onLine: (listener) => void listeners.push(listener),
    ...handle(child),
  };
}
