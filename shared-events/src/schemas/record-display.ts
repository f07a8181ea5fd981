import { planStatusLabel } from './plan.ts';
import { SHARE_ROLE_LABELS, type ShareRole } from './share.ts';
import { RECORD_FIELD_LABELS } from './plan-record.ts';
import { gradeLabel, studentStatusLabel } from './student.ts';

/**
 * How a record's fields read to people, wherever the record is shown as a record: the History tab, plan versions,
 * the as-of view and the records export a parent receives. Labels are the screens' own ('First name', 'Share
 * expires'), values as people say them ('Requires Attention', 'Sep 1, 2026'): never field names, codes or ISO dates.
 */
export type RecordEntity = 'student' | 'plan' | 'document' | 'share';

const FIELD_LABELS: Record<string, string> = {
  firstName: 'First name',
  lastInitial: 'Last initial',
  grade: 'Grade',
  status: 'Status',
  birthdate: 'Birthdate',
  parentName: 'Parent/guardian name',
  parentEmail: 'Parent/guardian e-mail',
  parentNotes: 'Parent/guardian notes',
  notes: 'Notes',
  accommodations: 'Accommodations',
  startDate: 'Start date',
  reviewDate: 'Review date',
  meetingDate: 'Meeting date',
  caseManager: 'Case manager',
  legalHold: 'Legal hold',
  email: 'E-mail',
  role: 'Role',
  expiresAt: 'Share expires',
  owner: 'Owner',
  // A plan's signed versions: which one, from when, why, and who acknowledged it.
  version: 'Version',
  effectiveDate: 'In force from',
  reason: 'Reason',
  acknowledgedBy: 'Acknowledged by',
  // The plan record: its values come as text already ('Aug 28, 2025, in writing').
  ...RECORD_FIELD_LABELS,
};

/** The label of a changed field; a document's one field is its name. */
export function fieldLabel(entity: RecordEntity, field: string): string {
  if (entity === 'document' && field === 'name') return 'Document';
  return FIELD_LABELS[field] ?? field;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar date ('2026-09-01', no time zone) as the lists show dates: 'Sep 1, 2026' (spec: 'MMM d, yyyy').
 * Read from the text itself, so it is the same day in every time zone; anything else comes back as given.
 */
export function formatCalendarDate(date: string): string {
  const parts = CALENDAR_DATE.exec(date);
  const month = parts ? MONTHS[Number(parts[2]) - 1] : undefined;
  return parts && month ? `${month} ${Number(parts[3])}, ${parts[1]}` : date;
}

const DATE_FIELDS = new Set(['birthdate', 'startDate', 'reviewDate', 'meetingDate', 'expiresAt', 'effectiveDate']);

/** Notes are stored as HTML; a record shows their words. */
export function htmlAsText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

function scalarValue(entity: RecordEntity, field: string, value: string): string {
  if (DATE_FIELDS.has(field)) return formatCalendarDate(value);
  if (field === 'status') return entity === 'plan' ? planStatusLabel(value) : studentStatusLabel(value);
  if (field === 'grade') return gradeLabel(value);
  if (field === 'role') return SHARE_ROLE_LABELS[value as ShareRole] ?? value;
  if (field === 'notes') return htmlAsText(value);
  return value;
}

/** A field's value in words: '—' when empty, lists joined ('none' when empty), codes and dates as the screens say them. */
export function fieldValue(entity: RecordEntity, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map(String).join(', ') : 'none';
  const text = scalarValue(entity, field, typeof value === 'string' ? value : JSON.stringify(value));
  return text === '' ? '—' : text;
}

/** The history's name for the SIS as the author of what an import wrote, and the entry of a student it added. */
export const SIS_ACTOR_NAME = 'the SIS';
export const IMPORTED_FROM_SIS = 'Imported from the SIS';
