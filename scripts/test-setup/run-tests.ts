import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { prepareTestRun, SetupError, type PreparedRun } from './test-setup.ts';
import { thisMachine } from './this-machine.ts';

/**
 * `npm test`: makes the machine ready, then runs the checks. The type check and the lint are each one thread and
 * run side by side (their output is printed whole as each ends, so it does not interleave); the Vitest suites and
 * the core flows once more on PostgreSQL with Redis, and the browser tests then run one after the other, since each of
 * them alone keeps both cores busy.
 */
const stages: string[][] = [['typecheck', 'lint'], ['test:unit'], ['test:postgres'], ['test:e2e']];

const running = new Set<ChildProcess>();

function npmRun(script: string, env: Record<string, string>, buffered: boolean): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      env: { ...process.env, ...env },
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    running.add(child);
    const output: Buffer[] = [];
    const started = Date.now();
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('exit', (code, signal) => {
      running.delete(child);
      if (buffered) process.stdout.write(Buffer.concat(output));
      const outcome = code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`;
      console.log(`[npm test] ${script}: ${outcome} after ${elapsed(Date.now() - started)}`);
      resolve(code ?? 1);
    });
  });
}

/** Each script's wall time, so a run shows where its minutes go on the machine it ran on. */
function elapsed(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

async function main(): Promise<number> {
  const started = Date.now();
  let prepared: PreparedRun;
  try {
    prepared = await prepareTestRun(thisMachine(), {
      redisUrl: process.env.REDIS_URL,
      postgres: { host: process.env.PGHOST ?? '127.0.0.1', port: Number(process.env.PGPORT ?? 5432), user: process.env.PGUSER ?? 'postgres' },
      runId: `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`,
    });
  } catch (error) {
    if (!(error instanceof SetupError)) throw error;
    console.error(`\nnpm test cannot start: ${error.message}\n`);
    return 1;
  }
  const stop = (signal: NodeJS.Signals) => {
    for (const child of running) child.kill(signal);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    for (const stage of stages) {
      const codes = await Promise.all(stage.map((script) => npmRun(script, prepared.env, stage.length > 1)));
      if (codes.some((code) => code !== 0)) return 1;
    }
    console.log(`[npm test] all passed in ${elapsed(Date.now() - started)}`);
    return 0;
  } finally {
    await prepared.cleanUp().catch((error: unknown) => console.warn(`[npm test] the run's database was not dropped: ${String(error)}`));
  }
}

process.exitCode = await main();
