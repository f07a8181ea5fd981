import { WrongExpectedRevisionError } from '@accommodate/shared-events/event-store/event-store';
import type { AppContext } from './command-context.ts';
import { StaleRevisionError } from '../http/errors.ts';

const CATCH_UP_TIMEOUT_MS = 3_000;

/**
 * Runs a write; a stale If-Match becomes 412 with the record as it now is, read
 * once the read models have caught up with the stream, so the client merges
 * against the newest version rather than an older one.
 */
export async function withStaleAsCurrent<T>(
  context: Pick<AppContext, 'eventStore' | 'progress'>,
  streamId: string,
  write: () => Promise<T>,
  readCurrent: () => Promise<unknown>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    const last = (await context.eventStore.readStream(streamId)).at(-1);
    if (last) await context.progress.waitForPosition(last.position, CATCH_UP_TIMEOUT_MS);
    throw new StaleRevisionError(await readCurrent());
  }
}
