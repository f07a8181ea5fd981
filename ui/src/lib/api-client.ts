import { apiErrorSchema } from '@accommodate/shared-events/schemas/api-error';
import { BACKGROUND_REQUEST_HEADER } from '@accommodate/shared-events/schemas/active-session';
import { pageActivity } from './person-activity.ts';
import { noteOwnRequest } from './own-requests.ts';

/**
 * Spec section 8: a failed call raises an error whose message is
 * "<status>: <body text or status text>". The parsed body is kept too, so
 * forms can show field errors and the merge dialog can read `current`.
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly body: unknown,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }

  /** The server's own message, for toasts: "Error" / <this>. */
  get serverMessage(): string | null {
    const parsed = apiErrorSchema.safeParse(this.body);
    return parsed.success ? parsed.data.message : null;
  }

  get fieldErrors(): Record<string, string> {
    const parsed = apiErrorSchema.safeParse(this.body);
    return parsed.success ? (parsed.data.errors ?? {}) : {};
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Sent as If-Match, quoted as an ETag. */
  ifMatch?: number | string;
  /** For GETs that treat "signed out" as an answer rather than an error. */
  on401?: 'throw' | 'returnNull';
  signal?: AbortSignal;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (options.ifMatch !== undefined) headers['If-Match'] = `"${options.ifMatch}"`;
  // A read while the person is away is the app's own refresh: it must not keep the session from going idle.
  if ((options.method ?? 'GET') === 'GET' && pageActivity?.isAway()) headers[BACKGROUND_REQUEST_HEADER] = '1';
  else noteOwnRequest();

  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  });

  if (response.status === 401 && options.on401 === 'returnNull') {
    // Release the unread body, or the connection (and the page's "network idle") waits for it.
    await response.body?.cancel();
    return null as T;
  }
  if (!response.ok) {
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    throw new ApiRequestError(response.status, text, parsed, response.statusText);
  }
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('Content-Type') ?? '';
  return (type.includes('application/json') ? await response.json() : await response.text()) as T;
}
