import { Alert, Button } from 'antd';
import type { RefusedEntry } from '../api/offline-queue.ts';
import { formatListDate } from '../../../lib/format-date-time.ts';

/**
 * The entries the server refused, each with its student and the server's reason, until the teacher has read them:
 * a refused entry is not saved, and the page must not say that everything is.
 */
interface RefusedEntriesProps {
  refused: readonly RefusedEntry[];
  nameOf: (studentId: string) => string;
  /** The accommodation's name where the day shown has it. */
  accommodationOf: (studentId: string, accommodationId: string) => string | undefined;
  onDismiss: () => void;
}

export function RefusedEntries({ refused, nameOf, accommodationOf, onDismiss }: RefusedEntriesProps) {
  if (refused.length === 0) return null;
  return (
    <Alert
      className="implog__refused"
      type="error"
      showIcon
      title="Not saved"
      data-testid="refused-entries"
      description={
        <ul className="implog__refused-list">
          {refused.map(({ studentId, entry, reason }) => (
            <li key={`${studentId} ${entry.date} ${entry.accommodationId}`}>
              <strong>{nameOf(studentId)}</strong>
              {[accommodationOf(studentId, entry.accommodationId), formatListDate(entry.date)].filter(Boolean).map((part) => `, ${part}`)}: {reason}
            </li>
          ))}
        </ul>
      }
      action={
        <Button size="small" onClick={onDismiss}>
          Dismiss
        </Button>
      }
    />
  );
}
