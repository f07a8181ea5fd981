import { channelOf, listeningClient } from '@accommodate/shared-events/postgres/postgres-pool';
import type pg from 'pg';

/**
 * The read store's change stamp across nodes: every commit into the read models (a projection's batch, a session
 * written) notifies on the schema's `reads` channel, and each node's listener moves its stamp when told. What was
 * read under a stamp may be kept until it moves. While the listener is not connected nothing can be kept: the stamp
 * is new at every call. The same notifications wake whoever waits for a change (the API waiting for its write's
 * read model).
 */
export function changeListener(url: string, schema: string) {
  const channel = channelOf(schema, 'reads');
  let generation = 0;
  let seen = 0;
  let uncached = 0;
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  const waiters = new Set<() => void>();

  const moved = (): void => {
    seen += 1;
    const waiting = [...waiters];
    waiters.clear();
    for (const wake of waiting) wake();
  };

  const connect = (): Promise<void> =>
    (connecting ??= (async () => {
      const next = listeningClient(url);
      const lost = (): void => {
        if (client !== next) return;
        client = null;
        connecting = null;
        moved();
        if (!closed) setTimeout(() => void connect().catch(() => undefined), 1_000).unref();
      };
      next.on('error', lost);
      next.on('end', lost);
      next.on('notification', moved);
      await next.connect();
      await next.query(`LISTEN "${channel}"`);
      // Whatever changed while nobody listened: the stamp of a new connection is a new one.
      generation += 1;
      client = next;
    })().catch((error: unknown) => {
      connecting = null;
      if (!closed) setTimeout(() => void connect().catch(() => undefined), 1_000).unref();
      throw error;
    }));

  return {
    channel,
    start: connect,
    changeStamp: (): string => (client ? `${generation}.${seen}` : `unheard.${(uncached += 1)}`),
    /** This process's own commit: its stamp moves at once, without waiting for its own notification. */
    committed: moved,
    /** Resolves at the next change, or after `timeoutMs`. */
    nextChange: (timeoutMs: number): Promise<void> =>
      new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        waiters.add(done);
      }),
    close: async (): Promise<void> => {
      closed = true;
      await connecting?.catch(() => undefined);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
      moved();
    },
  };
}

export type ChangeListener = ReturnType<typeof changeListener>;
