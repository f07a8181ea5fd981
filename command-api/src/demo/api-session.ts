/**
 * One signed-in person talking to the API as the browser does (JSON, the session cookie), for the sample-data loader.
 * A reply other than the expected status stops the load: its error names the call, never the data sent.
 */
export class ApiSession {
  private cookie: string | null = null;

  constructor(private readonly baseUrl: string) {}

  async send<T = unknown>(method: string, path: string, body: unknown, expectedStatus: number, headers: Record<string, string> = {}): Promise<T> {
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: {
        ...headers,
        ...(this.cookie ? { Cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? null : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0] ?? null;
    const text = await response.text();
    if (response.status !== expectedStatus) throw new Error(`${method} ${path.replace(/[0-9a-f-]{36}/g, ':id')} answered ${response.status}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  /** Reads `path` until `done` holds or `timeoutMs` passes (then returns quietly: what is missing comes later). */
  async waitFor<T>(path: string, done: (value: T) => boolean, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (done(await this.send<T>('GET', path, undefined, 200))) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
