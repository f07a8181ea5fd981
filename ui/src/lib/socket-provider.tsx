import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient, type InvalidateQueryFilters, type Query, type QueryClient } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import { changeMessageSchema } from '@accommodate/shared-events/schemas/change-message';
import { useCurrentUser } from './auth.ts';
import { invalidationsFor } from './change-invalidation.ts';
import { SocketContext } from './socket-context.ts';
import { queryKeys } from './query-keys.ts';

/** A query's first load, still running: it has no data yet. */
const isFirstLoad = (query: Query): boolean => query.state.data === undefined && query.state.fetchStatus === 'fetching';

/**
 * Marks the matching queries out of date and refetches those on screen. A first load still running is cancelled
 * first: TanStack Query keeps a running fetch that has no data to fall back on rather than start another, and its
 * answer, read before the change, would then be stored as fresh (for good, with staleTime infinite). A teacher who
 * opened the list while a colleague added a student would not see that student until the next change.
 */
export async function refetchAfterChange(queryClient: QueryClient, filters: InvalidateQueryFilters = {}): Promise<void> {
  const firstLoads = { ...filters, predicate: isFirstLoad };
  // Usually nothing is loading: then the cache is marked at once, as the poke arrives.
  if (queryClient.getQueryCache().findAll(firstLoads).length > 0) await queryClient.cancelQueries(firstLoads);
  await queryClient.invalidateQueries(filters);
}

/** Applies one `change` poke to the cache; malformed pokes are ignored rather than trusted. */
export function applyChange(queryClient: QueryClient, message: unknown): void {
  const parsed = changeMessageSchema.safeParse(message);
  if (!parsed.success) return;
  for (const { queryKey, exact } of invalidationsFor(parsed.data)) {
    void refetchAfterChange(queryClient, { queryKey, exact: exact ?? false });
  }
}

/** The parts of a Socket.IO client socket the cache listens to (a fake in unit specs). */
export interface ChangeSource {
  on(event: 'change', listener: (message: unknown) => void): unknown;
  on(event: 'connect', listener: () => void): unknown;
  on(event: 'disconnect', listener: (reason: string) => void): unknown;
  connect(): unknown;
}

export function listenForChanges(connection: ChangeSource, queryClient: QueryClient): void {
  connection.on('change', (message: unknown) => applyChange(queryClient, message));
  // Delivery is at most once, and only to a connected socket: pokes sent before the first connect
  // (the page's data may already be loaded) or while we were away are lost. So at every connect,
  // the first one too, what is on screen is refetched (and the rest when next shown).
  connection.on('connect', () => {
    void refetchAfterChange(queryClient, { refetchType: 'active' });
  });
  // The server closes the sockets of a session that ended (signed out elsewhere, the password changed on another
  // device, the account deleted, or a new sign-in in this browser, which replaces its session). Socket.IO does not
  // reconnect after that by itself. So: ask who is signed in. Nobody: the tab goes to the sign-in page at once, rather
  // than at its next click. Still someone (the browser's cookie now names a new session): connect again with it.
  connection.on('disconnect', (reason: string) => {
    if (reason !== 'io server disconnect') return;
    void queryClient.refetchQueries({ queryKey: queryKeys.currentUser() }).then(() => {
      if (queryClient.getQueryData(queryKeys.currentUser())) connection.connect();
    });
  });
}

/**
 * Connects Socket.IO only while someone is signed in (the server authorises by
 * the session cookie). socket.io-client is loaded on demand so visitors on the
 * landing page never download it.
 */
export function SocketProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  // Shared with pages that emit (presence), so the app keeps one connection.
  const [socket, setSocket] = useState<Socket | null>(null);

  useEffect(() => {
    if (!userId) return undefined;
    let cancelled = false;
    let disconnect: (() => void) | null = null;

    void import('socket.io-client').then(({ io }) => {
      if (cancelled) return;
      const connection = io({ withCredentials: true });
      listenForChanges(connection, queryClient);
      setSocket(connection);
      disconnect = () => {
        connection.disconnect();
        setSocket(null);
      };
    });

    return () => {
      cancelled = true;
      disconnect?.();
    };
  }, [userId, queryClient]);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}
