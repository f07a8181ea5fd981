import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { openEmbeddedReadStore } from '../store/embedded-read-store.ts';
import type { ReadStore } from '../store/read-store.ts';

/**
 * For a describe block: embedded read stores opened on one file, as the processes of the multi-process mode
 * open it, in a fresh temp dir per test; each is closed and the dir removed after its test.
 */
export function embeddedStoresOnOneFile(prefix: string): { open(): ReadStore; file(): string } {
  const opened: ReadStore[] = [];
  let dir: string | null = null;
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });
  const file = () => join((dir ??= mkdtempSync(join(tmpdir(), `${prefix}-`))), 'read-models.sqlite');
  return {
    file,
    open() {
      const store = openEmbeddedReadStore({ file: file() });
      opened.push(store);
      return store;
    },
  };
}
