import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh DATA_DIR, removed by `dispose`. */
export function tempDir(prefix: string): { path: string; dispose(): void } {
  const path = mkdtempSync(join(tmpdir(), `bench-${prefix}-`));
  return { path, dispose: () => rmSync(path, { recursive: true, force: true }) };
}
