import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openEmbeddedReadStore } from './embedded-read-store.ts';
import { describeReadStoreContract } from './read-store.contract.ts';
import type { BuildRef } from './read-store.ts';

function temporaryFile(): { file: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'read-store-'));
  return { file: join(dir, 'read-models.sqlite'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

describeReadStoreContract('embedded (SQLite)', async () => {
  const { file, remove } = temporaryFile();
  const store = openEmbeddedReadStore({ file });
  return {
    store,
    dispose: async () => {
      await store.close();
      remove();
    },
  };
});

describe('embedded read store on disk', () => {
  it('keeps builds, checkpoints, documents and filter indexes across a reopen', async () => {
    const { file, remove } = temporaryFile();
    try {
      const build: BuildRef = { projection: 'students', version: 1, build: 'b1' };
      const first = openEmbeddedReadStore({ file });
      await first.createBuild(build, ['studentsByOwner']);
      await first.activate(build);
      await first.commit(build, [{ kind: 'put', collection: 'studentsByOwner', doc: { id: 's1', ownerId: 'u1' } as never }], 9n);
      expect(await first.collection('studentsByOwner').find({ ownerId: 'u1' })).toHaveLength(1);
      await first.close();

      const second = openEmbeddedReadStore({ file });
      await second.commit(build, [{ kind: 'put', collection: 'studentsByOwner', doc: { id: 's2', ownerId: 'u1' } as never }], 10n);
      expect(await second.activeBuild('students')).toMatchObject({ ...build, checkpoint: 10n, changedAt: 10n });
      expect((await second.collection('studentsByOwner').find({ ownerId: 'u1' })).map((d) => d.id).sort()).toEqual(['s1', 's2']);
      await second.close();
    } finally {
      remove();
    }
  });
});
