import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { readRosterImport, ROSTER_UPLOAD_PREFIX } from '@accommodate/workers/roster/roster-import-job';
import type { AppContext } from '../framework/command-context.ts';

/** How long the read models may take to catch up at start before the sweep gives up (it runs again next start). */
const CATCH_UP_MS = 120_000;

/**
 * What a crash (kill -9 during uploads) leaves under DATA_DIR/documents: unfinished `.tmp` writes, and stored bytes
 * that no document names (the upload's event never reached the log, or its student was erased and the delete did not
 * happen). Only files last written before `before` are considered: in the one-process mode that is the start, since
 * no upload can be under way before the server listens; with several API nodes sharing DATA_DIR another node may be
 * mid-upload, so the caller leaves an hour's margin. Logs counts only.
 */
export async function removeDocumentLeftovers(
  context: Pick<AppContext, 'blobs' | 'eventStore' | 'readStore' | 'progress' | 'logger'>,
  before: Date,
): Promise<{ unfinished: number; orphans: number } | null> {
  const { blobs } = context;
  if (!blobs.leftovers || !blobs.removeUnfinished) return null;
  const found = await blobs.leftovers(before);
  for (const name of found.unfinished) await blobs.removeUnfinished(name);
  // A document is known once the read models hold every event the log had when the files were listed; before that,
  // bytes committed just before the crash would look orphaned.
  const head = await context.eventStore.headPosition();
  if (head !== null && !(await context.progress.waitForPosition(head, CATCH_UP_MS))) {
    context.logger.warn('document leftovers not swept: read models still catching up', { unfinished: found.unfinished.length });
    return null;
  }
  const { documentById } = caseloadQueries(context.readStore);
  let orphans = 0;
  for (const id of found.ids) {
    if (id.startsWith(ROSTER_UPLOAD_PREFIX) ? await rosterImportWaitsFor(context, id) : await documentById(id)) continue;
    await blobs.delete(id);
    orphans += 1;
  }
  if (orphans + found.unfinished.length > 0) context.logger.info('document leftovers removed', { unfinished: found.unfinished.length, orphans });
  return { unfinished: found.unfinished.length, orphans };
}

/** A roster zip lives until its import ends: queued, or stopped mid-way by the crash and to be resumed. */
async function rosterImportWaitsFor(context: Pick<AppContext, 'eventStore'>, uploadId: string): Promise<boolean> {
  const state = await readRosterImport(context.eventStore, uploadId.slice(ROSTER_UPLOAD_PREFIX.length));
  return state?.status === 'queued' || state?.status === 'running';
}
