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
 * The origin this request was made to: its scheme (TLS here, or the proxy's X-Forwarded-Proto when a proxy is
 * trusted) and its Host, normalised as browsers write an Origin header; null for a malformed Host. The same for a
 * Socket.IO handshake, the CSRF check and the CSP, so the three agree.
 */
export function requestOrigin(req: IncomingMessage, settings: Pick<OriginSettings, 'behindProxy'>): string | null {
  const host = req.headers.host;
  if (host === undefined || !HOST.test(host)) return null;
  const forwarded = settings.behindProxy ? String(req.headers['x-forwarded-proto'] ?? '').split(',')[0]?.trim().toLowerCase() : '';
  const scheme = forwarded === 'https' || forwarded === 'http' ? forwarded : 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
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
