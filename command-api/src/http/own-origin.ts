import type { IncomingMessage } from 'node:http';

/** What a request needs to know of the deployment to tell the app's own origin from another. */
export interface OriginSettings {
  /** APP_URL: the origin people open (always accepted, also when a proxy rewrites Host). */
  appUrl?: string | undefined;
  /** TRUST_PROXY is set: the scheme a proxy saw is in X-Forwarded-Proto. */
  behindProxy: boolean;
}

/** A Host header as browsers send it: a name or an address, and a port. Anything else names no origin of ours. */
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * What a request's origin is made of, as it came: its Host, the proxy's X-Forwarded-Proto (when a proxy is trusted)
 * and whether it arrived over TLS. Equal parts make the same origin, so they also key what is kept per origin.
 */
export function originParts(req: IncomingMessage, settings: Pick<OriginSettings, 'behindProxy'>): { host: string | undefined; forwarded: string; tls: boolean } {
  return {
    host: req.headers.host,
    forwarded: settings.behindProxy ? String(req.headers['x-forwarded-proto'] ?? '') : '',
    tls: 'encrypted' in req.socket && Boolean(req.socket.encrypted),
  };
}

/**
 * The origin this request was made to: its scheme (TLS here, or the proxy's X-Forwarded-Proto when a proxy is
 * trusted) and its Host, normalised as browsers write an Origin header; null for a malformed Host. The same for a
 * Socket.IO handshake, the CSRF check and the CSP, so the three agree.
 */
export function requestOrigin(req: IncomingMessage, settings: Pick<OriginSettings, 'behindProxy'>): string | null {
  const { host, forwarded, tls } = originParts(req, settings);
  if (host === undefined || !HOST.test(host)) return null;
  const proxyScheme = forwarded.split(',')[0]?.trim().toLowerCase();
  const scheme = proxyScheme === 'https' || proxyScheme === 'http' ? proxyScheme : tls ? 'https' : 'http';
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return null;
  }
}

/** Whether an Origin header names this app: scheme, host and port as the request came, or APP_URL's. */
export function isOwnOrigin(origin: string, req: IncomingMessage, settings: OriginSettings): boolean {
  let named: string;
  try {
    named = new URL(origin).origin;
  } catch {
    return false;
  }
  return (settings.appUrl !== undefined && named === new URL(settings.appUrl).origin) || named === requestOrigin(req, settings);
}

/** The WebSocket origin (ws: or wss:) of an http(s) origin. */
export const webSocketOrigin = (origin: string): string => origin.replace(/^http/, 'ws');

export const originSettings = (config: { appUrl: string; trustProxy?: unknown }): OriginSettings => ({
  appUrl: config.appUrl,
  behindProxy: config.trustProxy !== undefined,
});
