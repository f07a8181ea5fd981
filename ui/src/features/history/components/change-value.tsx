import { Typography } from 'antd';

const FIELD_LABELS: Record<string, string> = {
  firstName: 'First name',
  lastInitial: 'Last initial',
  grade: 'Grade',
  status: 'Status',
  birthdate: 'Birthdate',
  parentName: 'Parent name',
  parentEmail: 'Parent e-mail',
  parentNotes: 'Parent notes',
  notes: 'Notes',
  accommodations: 'Accommodations',
  startDate: 'Start date',
  reviewDate: 'Review date',
  meetingDate: 'Meeting date',
  caseManager: 'Case manager',
  email: 'E-mail',
  role: 'Role',
  expiresAt: 'Expires',
  name: 'Name',
};

export const fieldLabel = (field: string): string => FIELD_LABELS[field] ?? field;

/** Notes are stored as HTML; the history shows their text. */
const plainText = (value: string): string => value.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();

export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.join(', ') : 'none';
  return plainText(String(value));
}

/** One changed field: "Grade: 5 → 6". */
export function ChangeLine({ field, before, after }: { field: string; before: unknown; after: unknown }) {
  return (
    <div className="history-change">
      <Typography.Text strong>{fieldLabel(field)}: </Typography.Text>
      <Typography.Text delete type="secondary">{formatValue(before)}</Typography.Text>
      {' → '}
      <Typography.Text>{formatValue(after)}</Typography.Text>
    </div>
  );
}
