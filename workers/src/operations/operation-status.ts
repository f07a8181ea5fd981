import type { ReadStore } from '@accommodate/projections/store/read-store';

/** The recurring work whose last run the operator watches (GET /metrics). */
export type Operation = 'backup' | 'retention-sweep' | 'review-sweep';

export interface OperationStatus {
  id: Operation;
  /** ISO times of the last run that succeeded and the last that failed; null before the first. */
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
}

const STATUS = 'operation_status';

/**
 * Kept in the read store's state, which every process of a deployment shares: the workers (or the backup command)
 * write it, and whichever API node is scraped reads it.
 */
export function operationStatus(readStore: Pick<ReadStore, 'state'>) {
  const state = () => readStore.state<OperationStatus>(STATUS);
  return {
    async record(id: Operation, outcome: 'success' | 'failure', at: Date): Promise<void> {
      const current = (await state().get(id)) ?? { id, lastSuccessAt: null, lastFailureAt: null };
      await state().put({ ...current, ...(outcome === 'success' ? { lastSuccessAt: at.toISOString() } : { lastFailureAt: at.toISOString() }) });
    },
    get: (id: Operation): Promise<OperationStatus | null> => state().get(id),
  };
}

/** Runs a recurring operation and writes down how it went; a failure is still thrown to the queue (its retries). */
export async function recordingOutcome<T>(readStore: Pick<ReadStore, 'state'>, id: Operation, now: () => Date, work: () => Promise<T>): Promise<T> {
  const status = operationStatus(readStore);
  try {
    const result = await work();
    await status.record(id, 'success', now());
    return result;
  } catch (error) {
    await status.record(id, 'failure', now()).catch(() => undefined);
    throw error;
  }
}
