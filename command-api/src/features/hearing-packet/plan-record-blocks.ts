import { planRecordFor, RECORD_FIELD_LABELS, recordChangesFor, type PlanRecord, type RecordChange } from '@accommodate/shared-events/schemas/plan-record';
import { planRecordFields } from '@accommodate/shared-events/domain/plan/plan-record';
import type { PacketBlock } from './packet-layout.ts';

/** An accommodation's name by its id, as the packet names it where specifics are given. */
export type NameOf = (accommodationId: string) => string;

/**
 * The plan record as the packet prints it: what the meeting decided. The impairment, life activities and
 * consent only for a reader who may 'see-plan-record'.
 */
export function planRecordBlocks(record: PlanRecord | null, nameOf: NameOf, seesRestricted: boolean): PacketBlock[] {
  if (record === null) return [{ kind: 'text', text: 'No plan record (impairment, team, consent, specifics) was made.' }];
  return [
    ...planRecordFields(planRecordFor(record, seesRestricted)).map(({ label, value }): PacketBlock => ({ kind: 'field', label, value })),
    {
      kind: 'table',
      columns: [{ title: 'Accommodation', width: 2.5 }, { title: 'Specifics for this student', width: 4 }, { title: 'Where', width: 2 }, { title: 'How often', width: 2 }],
      rows: record.specifics.map((specifics) => [nameOf(specifics.accommodationId), specifics.details, specifics.where ?? '—', specifics.frequency ?? '—']),
      empty: 'No specifics recorded.',
    },
  ];
}

/** A version's record differences, one line each: 'Parent’s consent: Aug 28, 2025, in writing → Sep 30, 2025, by phone'. */
export const recordDifferences = (changes: readonly RecordChange[], nameOf: NameOf, seesRestricted: boolean): string[] =>
  recordChangesFor(changes, seesRestricted).map((change) => {
    const label = change.accommodationId === undefined ? RECORD_FIELD_LABELS[change.field] : `${RECORD_FIELD_LABELS.specifics} (${nameOf(change.accommodationId)})`;
    return `${label}: ${change.before ?? '—'} → ${change.after ?? '—'}`;
  });
