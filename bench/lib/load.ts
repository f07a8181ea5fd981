import autocannon from 'autocannon';

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
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
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
