import { canForgetSubjects } from '@accommodate/shared-events/event-store/shredding-event-store';
import type { ErasureEntry } from '@accommodate/shared-events/storage/erasure-ledger';
import type { AppContext } from '../framework/command-context.ts';

type Erasure = { kind: 'student'; subjectId: string; documentIds: string[] } | { kind: 'account' | 'subject'; subjectId: string };

/**
 * Destroys a data subject's key, written first to the erasure ledger (ids and the date), so that a restore of an
 * older backup makes the erasure again. The one way the product forgets a subject.
 */
export async function forgetRecorded(context: Pick<AppContext, 'eventStore' | 'erasureLedger' | 'now'>, erasure: Erasure): Promise<void> {
  if (!canForgetSubjects(context.eventStore)) throw new Error('This event store cannot erase personal data');
  const entry: ErasureEntry = { ...erasure, erasedAt: context.now().toISOString() };
  await context.erasureLedger.record(entry);
  await context.eventStore.forgetSubject(erasure.subjectId);
}
