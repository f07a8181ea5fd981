import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A fresh data dir for one Playwright run, removed when the run ends. Playwright evaluates its config in the
 * runner and again in every worker: the runner makes the dir and hands it to the workers through the
 * environment, so that a run leaves neither a store of test records nor empty dirs behind in the temp folder.
 */
export function runDataDir(prefix: string): string {
  const envName = `ACCOMMODATE_RUN_DIR_${prefix.replace(/\W/g, '_').toUpperCase()}`;
  const inherited = process.env[envName];
  if (inherited) return inherited;
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  process.env[envName] = dir;
  // At exit the web server has been stopped already.
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
