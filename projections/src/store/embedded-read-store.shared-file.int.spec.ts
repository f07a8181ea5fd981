import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { embeddedStoresOnOneFile } from '../testing/embedded-stores-on-one-file.ts';
import type { BuildRef, Doc } from './read-store.ts';

interface SessionDoc extends Doc {
  userId: string;
}
const mine = (id: string): SessionDoc => ({ id, userId: 'u1' });

/**
 * In the multi-process mode the projections service writes the read models and each API node
 * reads them, through its own connection to the same file. Two stores on one file stand in for
 * the two processes: each keeps its own caches, as a process would.
 */
describe('embedded read store shared by a writer and a reader process', () => {
  const { open, file } = embeddedStoresOnOneFile('read-store-shared');

  it('a document committed after the reader first filtered by a field is found by that filter', async () => {
    const build: BuildRef = { projection: 'notifications', version: 1, build: 'b1' };
    const writer = open();
    await writer.createBuild(build, ['notifications']);
    await writer.activate(build);
    await writer.commit(build, [{ kind: 'put', collection: 'notifications', doc: mine('n1') }], 1n);

    const reader = open();
    // The first filter by userId indexes that field, from the reader's connection.
    expect(await reader.collection('notifications').find({ userId: 'u1' })).toEqual([{ id: 'n1', userId: 'u1' }]);

    await writer.commit(build, [{ kind: 'put', collection: 'notifications', doc: mine('n2') }], 2n);
    const ids = (await reader.collection('notifications').find({ userId: 'u1' })).map((doc) => doc.id).sort();
    expect(ids).toEqual(['n1', 'n2']);
  });

  it('a reader follows a build another process swapped in, for get, find and count alike', async () => {
    const writer = open();
    const reader = open();
    const swapIn = async (build: BuildRef, docs: SessionDoc[]) => {
      await writer.createBuild(build, ['notifications'], { bulkLoad: true });
      await writer.commit(build, docs.map((doc) => ({ kind: 'put' as const, collection: 'notifications', doc })), 1n);
      await writer.activate(build);
    };
    await swapIn({ projection: 'notifications', version: 1, build: 'b1' }, [mine('old')]);
    const notifications = reader.collection<SessionDoc>('notifications');
    expect(await notifications.get('old')).toEqual(mine('old'));

    await swapIn({ projection: 'notifications', version: 2, build: 'b2' }, [mine('new1')]);
    expect(await notifications.get('new1')).toEqual(mine('new1'));
    expect(await notifications.get('old')).toBeNull();
    await swapIn({ projection: 'notifications', version: 3, build: 'b3' }, [mine('new2'), mine('new3')]);
    expect((await notifications.find({ userId: 'u1' })).map((doc) => doc.id).sort()).toEqual(['new2', 'new3']);
    await swapIn({ projection: 'notifications', version: 4, build: 'b4' }, [mine('new4')]);
    expect(await notifications.count()).toBe(1);
  });

  it("each process's active build and checkpoint follow the other's commits and swaps, and its own", async () => {
    const first: BuildRef = { projection: 'notifications', version: 1, build: 'b1' };
    const writer = open();
    const reader = open();
    await writer.createBuild(first, ['notifications']);
    await writer.activate(first);
    await writer.commit(first, [], 1n);
    expect(await reader.activeBuild('notifications')).toMatchObject({ build: 'b1', checkpoint: 1n });
    expect(await writer.activeBuild('notifications')).toMatchObject({ build: 'b1', checkpoint: 1n });

    await writer.commit(first, [{ kind: 'put', collection: 'notifications', doc: mine('n1') }], 2n);
    expect(await writer.activeBuild('notifications')).toMatchObject({ build: 'b1', checkpoint: 2n });
    expect(await reader.activeBuild('notifications')).toMatchObject({ build: 'b1', checkpoint: 2n });

    const second: BuildRef = { projection: 'notifications', version: 2, build: 'b2' };
    await reader.createBuild(second, ['notifications']);
    await reader.commit(second, [], 5n);
    await reader.activate(second);
    expect(await writer.activeBuild('notifications')).toMatchObject({ build: 'b2', version: 2, checkpoint: 5n });
    expect(await reader.activeBuild('notifications')).toMatchObject({ build: 'b2', version: 2, checkpoint: 5n });
  });

  it('a state document put by one process is found by a filter another process indexed', async () => {
    const writer = open();
    const reader = open();
    await writer.state<SessionDoc>('sessions').put(mine('s1'));
    expect(await reader.state('sessions').find({ userId: 'u1' })).toHaveLength(1);
    await writer.state<SessionDoc>('sessions').put(mine('s2'));
    expect(await reader.state('sessions').count({ userId: 'u1' })).toBe(2);
  });

  it('a write waits while another process writes, rather than failing at once', async () => {
    const build: BuildRef = { projection: 'notifications', version: 1, build: 'b1' };
    const store = open();
    await store.createBuild(build, ['notifications']);
    await store.activate(build);
    const sessions = store.state<SessionDoc>('sessions');
    await sessions.put(mine('s0'));

    // Another process holds the write lock for a moment, as the projections service does while it commits.
    const other = spawn(process.execPath, ['-e', `
      const db = new (require('better-sqlite3'))(${JSON.stringify(file())});
      db.exec('BEGIN IMMEDIATE; CREATE TABLE IF NOT EXISTS other_process (x)');
      process.stdout.write('locked');
      setTimeout(() => { db.exec('COMMIT'); db.close(); }, 300);
    `], { cwd: process.cwd() });
    await once(other.stdout, 'data');

    await sessions.put(mine('s1'));
    await store.commit(build, [{ kind: 'put', collection: 'notifications', doc: mine('n1') }], 2n);

    expect(await sessions.get('s1')).toEqual(mine('s1'));
    expect(await store.collection<SessionDoc>('notifications').get('n1')).toEqual(mine('n1'));
    await once(other, 'exit');
  });

  it('the change stamp moves when either connection writes, and only then', async () => {
    const writer = open();
    const reader = open();
    const sessions = reader.state<SessionDoc>('sessions');
    const first = reader.changeStamp!();
    await sessions.get('nobody');
    expect(reader.changeStamp!()).toBe(first);

    await sessions.put(mine('s1'));
    const afterOwn = reader.changeStamp!();
    expect(afterOwn).not.toBe(first);

    await writer.state<SessionDoc>('sessions').delete('s1');
    expect(reader.changeStamp!()).not.toBe(afterOwn);
  });

  it('a commit that only moves a checkpoint moves the stamp, so the checkpoint read under it is never stale', async () => {
    const store = open();
    const build: BuildRef = { projection: 'notifications', version: 1, build: 'b1' };
    await store.createBuild(build, ['notifications']);
    await store.activate(build);
    await store.commit(build, [{ kind: 'put', collection: 'notifications', doc: mine('n1') }], 1n);
    const before = store.changeStamp!();
    expect(await store.activeBuild('notifications')).toMatchObject({ checkpoint: 1n, changedAt: 1n });
    // A worker waiting for the projection to reach position 2 (notification-reactions.ts) reads this checkpoint.
    await store.commit(build, [], 2n);
    expect(store.changeStamp!()).not.toBe(before);
    expect(await store.activeBuild('notifications')).toMatchObject({ checkpoint: 2n, changedAt: 1n });
  });
});
