/**
 * A browser as far as redirects and cookies go, across origins (the app and an OpenID Provider): each origin has its
 * own cookie jar, redirects are followed one by one, and every hop is kept so a test can look at the URLs it passed.
 */
export class CookieBrowser {
  private readonly jars = new Map<string, Map<string, string>>();
  readonly visited: string[] = [];

  private jarOf(url: URL): Map<string, string> {
    let jar = this.jars.get(url.host);
    if (!jar) this.jars.set(url.host, (jar = new Map()));
    return jar;
  }

  cookie(origin: string, name: string): string | undefined {
    return this.jarOf(new URL(origin)).get(name);
  }

  /** One request, no redirect followed; cookies set by the answer are kept (an empty or expired one is removed). */
  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const target = new URL(url);
    const jar = this.jarOf(target);
    const headers: Record<string, string> = {};
    if (jar.size > 0) headers.Cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    let body: string | undefined;
    if (init.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    this.visited.push(target.href);
    const response = await fetch(target, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => /^\s*expires=/i.test(attribute) && Date.parse(attribute.split('=')[1] ?? '') < Date.now());
      if (value === '' || expired) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }

  /** Follows redirects from `url` to the first answer that is not one; returns it and the URL it came from. */
  async follow(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<{ response: Response; url: string }> {
    let current = url;
    let response = await this.request(current, init);
    for (let hops = 0; response.status >= 300 && response.status < 400 && hops < 20; hops++) {
      current = new URL(response.headers.get('location') ?? '', current).href;
      response = await this.request(current);
    }
    return { response, url: current };
  }
}
