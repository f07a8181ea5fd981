import autocannon from 'autocannon';
import { cpuMsFromStat, processCpuMs } from './cpu.ts';

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationSec: number;
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  /** Per request: may change path, headers and body; state kept in `context` lives until its response. */
  setupRequest?: (request: any, context: Record<string, any>) => any;
  onResponse?: (status: number, body: string, context: Record<string, any>, headers: Record<string, string>) => void;
}

/** Runs autocannon in this process and reduces its result to what the report needs. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const request: Record<string, unknown> = {
    method: options.method ?? 'GET',
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.body ? { body: options.body } : {}),
    ...(options.setupRequest ? { setupRequest: options.setupRequest } : {}),
    ...(options.onResponse ? { onResponse: options.onResponse } : {}),
  };
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSec,
    timeout: 10,
    requests: [request],
  });
  return {
    requests: result.requests.total,
    rps: result.requests.total / options.durationSec,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export type MeasuredLoad = LoadResult & {
  cpuMsPerRequest: number;
  /** The server's main thread alone: JavaScript runs there, so it bounds what one Node process serves. */
  mainThreadCpuMsPerRequest: number;
  /** The share of the load's wall time the main thread was on a core (1 = saturated). */
  mainThreadBusy: number;
  clientCpuMsPerRequest: number;
};

/**
 * Runs a load and adds CPU-ms per answered request to its result: the server's (all its threads, and
 * its main thread alone), and this process's (the load generator's), which shares the machine's cores
 * with the server.
 */
export async function measured(pid: number, load: () => Promise<LoadResult>): Promise<MeasuredLoad> {
  // On Linux a process's main thread is the task whose id is the process id.
  const mainThreadCpuMs = () => cpuMsFromStat(`/proc/${pid}/task/${pid}/stat`);
  const before = processCpuMs(pid);
  const mainBefore = mainThreadCpuMs();
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const result = await load();
  const wallMs = performance.now() - started;
  const mainMs = mainThreadCpuMs() - mainBefore;
  const client = process.cpuUsage(clientBefore);
  const perRequest = (ms: number) => ms / Math.max(1, result.requests);
  return {
    ...result,
    cpuMsPerRequest: perRequest(processCpuMs(pid) - before),
    mainThreadCpuMsPerRequest: perRequest(mainMs),
    mainThreadBusy: mainMs / wallMs,
    clientCpuMsPerRequest: perRequest((client.user + client.system) / 1000),
  };
}

/** The run with the median throughput (the upper one of an even count). */
export function medianRun<T extends LoadResult>(runs: readonly T[]): T {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  const median = sorted[Math.floor(sorted.length / 2)];
  if (!median) throw new Error('no runs');
  return median;
}
