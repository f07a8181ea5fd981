import { formatCalendarDate } from '../../schemas/record-display.ts';
import { CONSENT_METHOD_LABELS, planRecordViewSchema, RECORD_FIELD_LABELS, specificsText, type PlanRecord, type PlanRecordView, type RecordChange, type RecordField } from '../../schemas/plan-record.ts';

/**
 * The plan record travels in its events as one JSON string, a personal field sealed with the student's
 * key. Reading it back, a string that is no record (the key destroyed: '[erased]') reads as none.
 */
export const encodePlanRecord = ({ impairment, lifeActivities, participants, consent, specifics }: PlanRecord): string =>
  // Always in the same order, so that the same record reads as the same string.
  JSON.stringify({ impairment, lifeActivities, participants, consent, specifics });

const storedRecordSchema = planRecordViewSchema.required({ impairment: true, lifeActivities: true, consent: true, participants: true });

export function decodePlanRecord(stored: string | undefined): PlanRecord | null {
  if (stored === undefined) return null;
  try {
    const parsed = storedRecordSchema.safeParse(JSON.parse(stored));
    if (!parsed.success) return null;
    const { impairment = null, lifeActivities = [], consent = null, participants, specifics } = parsed.data;
    return { impairment, lifeActivities, participants, consent, specifics };
  } catch {
    return null;
  }
}

export const consentText = (consent: PlanRecord['consent']): string | null =>
  consent ? `${formatCalendarDate(consent.date)}, ${CONSENT_METHOD_LABELS[consent.method].toLowerCase()}` : null;

export const participantsText = (participants: PlanRecord['participants']): string | null =>
  participants.length === 0 ? null : participants.map((person) => `${person.name} (${person.role})`).join(', ');

export const samePlanRecord = (a: PlanRecord | null, b: PlanRecord | null): boolean => (a && encodePlanRecord(a)) === (b && encodePlanRecord(b));

const textOf = (record: PlanRecord | null, field: Exclude<RecordField, 'specifics'>): string | null => {
  if (record === null) return null;
  switch (field) {
    case 'impairment':
      return record.impairment;
    case 'lifeActivities':
      return record.lifeActivities.length === 0 ? null : record.lifeActivities.join(', ');
    case 'participants':
      return participantsText(record.participants);
    case 'consent':
      return consentText(record.consent);
  }
};

/** What changed in the record from one version to the next: each field, and each accommodation's specifics. */
export function recordChanges(before: PlanRecord | null, after: PlanRecord | null): RecordChange[] {
  const changes: RecordChange[] = [];
  for (const field of ['impairment', 'lifeActivities', 'participants', 'consent'] as const) {
    const [was, is] = [textOf(before, field), textOf(after, field)];
    if (was !== is) changes.push({ field, before: was, after: is });
  }
  const specificsOf = (record: PlanRecord | null) => new Map((record?.specifics ?? []).map((one) => [one.accommodationId, specificsText(one)]));
  const [had, has] = [specificsOf(before), specificsOf(after)];
  for (const accommodationId of new Set([...had.keys(), ...has.keys()])) {
    const [was, is] = [had.get(accommodationId) ?? null, has.get(accommodationId) ?? null];
    if (was !== is) changes.push({ field: 'specifics', accommodationId, before: was, after: is });
  }
  return changes;
}

/**
 * The record's differences as a history entry lists them: one per field, and per accommodation whose
 * specifics changed, that accommodation's name before them ('Extended Time: 1.5× on tests · Resource room').
 */
export function recordHistoryChanges(before: PlanRecord | null, after: PlanRecord | null, nameOf: (accommodationId: string) => string): { field: RecordField; before: string | null; after: string | null }[] {
  return recordChanges(before, after).map(({ field, accommodationId, before: was, after: is }) => {
    if (accommodationId === undefined) return { field, before: was, after: is };
    const named = (text: string | null) => (text === null ? null : `${nameOf(accommodationId)}: ${text}`);
    return { field, before: named(was), after: named(is) };
  });
}

/**
 * The record's fields as a document prints them, labelled as the screens label them: the impairment, life activities
 * and consent where the reader's view holds them (planRecordFor), then who took part, where it holds that. Specifics, per accommodation,
 * are each document's own layout.
 */
export function planRecordFields(record: PlanRecordView): { label: string; value: string }[] {
  const restricted =
    record.impairment === undefined
      ? []
      : [
          { label: RECORD_FIELD_LABELS.impairment, value: record.impairment ?? '—' },
          { label: RECORD_FIELD_LABELS.lifeActivities, value: record.lifeActivities?.join(', ') || '—' },
          { label: RECORD_FIELD_LABELS.consent, value: consentText(record.consent ?? null) ?? 'Not recorded' },
        ];
  const team = record.participants === undefined ? [] : [{ label: RECORD_FIELD_LABELS.participants, value: participantsText(record.participants) ?? '—' }];
  return [...restricted, ...team];
}
