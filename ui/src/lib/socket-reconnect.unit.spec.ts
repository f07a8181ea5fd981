import { describe, expect, it } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { createQueryClient } from './query-client.ts';
import { queryKeys } from './query-keys.ts';
import { listenForChanges, type ChangeSource } from './socket-provider.tsx';

/** A stand-in socket whose events the spec fires by hand. */
function fakeSocket() {
  const listeners = new Map<string, (message?: unknown) => void>();
  let connects = 0;
  const source: ChangeSource = {
    on: (event: string, listener: (message: never) => void) => listeners.set(event, listener as (message?: unknown) => void),
    connect: () => (connects += 1),
  };
  return { source, fire: (event: string, message?: unknown) => listeners.get(event)?.(message), connects: () => connects };
}

describe('at each connect of the socket (the first, and every reconnect)', () => {
  it('refetches what is on screen, and marks what is not for a refetch when it is next shown', async () => {
    const client = createQueryClient();
    const calls = { shown: 0, hidden: 0 };
    const shownKey = queryKeys.student('s1');
    const hiddenKey = queryKeys.plans();
    // An observer stands for a mounted screen; the hidden query is only cached.
    const observer = new QueryObserver(client, { queryKey: shownKey, queryFn: () => ++calls.shown });
    const unsubscribe = observer.subscribe(() => undefined);
    await client.fetchQuery({ queryKey: hiddenKey, queryFn: () => ++calls.hidden });
    await expect.poll(() => calls.shown).toBe(1);

    const socket = fakeSocket();
    listenForChanges(socket.source, client);
    socket.fire('connect');

    await expect.poll(() => calls.shown).toBe(2);
    expect(calls.hidden).toBe(1);
    expect(client.getQueryState(hiddenKey)?.isInvalidated).toBe(true);
    unsubscribe();
  });

  it('a share poke received on the socket reaches the cache', () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.studentShares('s1'), []);
    const socket = fakeSocket();
    listenForChanges(socket.source, client);
    socket.fire('change', { entity: 'share', id: 'sh1', studentId: 's1', actorId: 'u1' });
    expect(client.getQueryState(queryKeys.studentShares('s1'))?.isInvalidated).toBe(true);
  });
});

describe('a poke that arrives while a screen is still loading for the first time', () => {
  it('is not lost: the load read before the change is dropped and the list is read again', async () => {
    const client = createQueryClient();
    const answers: ((students: string[]) => void)[] = [];
    // Each GET waits until the spec answers it, as a slow server would.
    const observer = new QueryObserver(client, {
      queryKey: queryKeys.students(),
      queryFn: () => new Promise<string[]>((resolve) => answers.push(resolve)),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await expect.poll(() => answers.length).toBe(1);

    const socket = fakeSocket();
    listenForChanges(socket.source, client);
    // A colleague adds a student while the first GET is on its way; its answer was read before that.
    socket.fire('change', { entity: 'student', id: 's2', actorId: 'u2' });
    await expect.poll(() => answers.length).toBe(2);
    answers[0]!(['s1']);
    answers[1]!(['s1', 's2']);

    await expect.poll(() => client.getQueryData(queryKeys.students())).toEqual(['s1', 's2']);
    unsubscribe();
  });
});

describe('when the server closes the socket', () => {
  async function watched(user: () => { id: string } | null) {
    const client = createQueryClient();
    let asked = 0;
    const observer = new QueryObserver(client, { queryKey: queryKeys.currentUser(), queryFn: () => (++asked, user()) });
    const unsubscribe = observer.subscribe(() => undefined);
    await expect.poll(() => asked).toBe(1);
    const socket = fakeSocket();
    listenForChanges(socket.source, client);
    return { socket, asked: () => asked, unsubscribe };
  }

  it('asks again who is signed in, and stays closed when nobody is (the session ended elsewhere)', async () => {
    let user: { id: string } | null = { id: 'u1' };
    const { socket, asked, unsubscribe } = await watched(() => user);
    socket.fire('disconnect', 'transport close');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked()).toBe(1);
    user = null;
    socket.fire('disconnect', 'io server disconnect');
    await expect.poll(() => asked()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(socket.connects()).toBe(0);
    unsubscribe();
  });

  it('connects again when someone is still signed in (a new sign-in in this browser replaced the session)', async () => {
    const { socket, asked, unsubscribe } = await watched(() => ({ id: 'u1' }));
    socket.fire('disconnect', 'io server disconnect');
    await expect.poll(() => asked()).toBe(2);
    await expect.poll(() => socket.connects()).toBe(1);
    unsubscribe();
  });
});
