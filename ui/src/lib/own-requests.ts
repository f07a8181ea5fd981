/**
 * The person's own requests (api-client.ts: every one sent without the background header), as they leave: each keeps
 * the session from going idle on the server, so the idle clock (session-idle-clock.ts) starts again from it.
 */
const listeners = new Set<() => void>();

export function noteOwnRequest(): void {
  for (const listener of listeners) listener();
}

export function onOwnRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
