import { useState, type ReactNode } from 'react';
import { Button, Empty, Input, Skeleton, Timeline, Typography } from 'antd';
import { Card } from '../../../components/card.tsx';
import dayjs from 'dayjs';
import { IMPORTED_FROM_SIS } from '@accommodate/shared-events/schemas/record-display';
import { useStudentHistory } from '../api/get-student-history.ts';
import { ChangeLine } from './change-value.tsx';
import { StudentAsOfView } from './student-as-of-view.tsx';
import { asOfInstant, type AsOfChoice } from './as-of-picker.ts';
import { CardHeading } from '../../../components/card-heading.tsx';

const ENTITY_COLORS: Record<string, string> = { student: 'blue', plan: 'green', document: 'gray', share: 'purple' };
const NOW: AsOfChoice = { date: '', time: '' };

/**
 * Who changed what and when, newest first, and the record as it was at a chosen day or minute. `actions`: what the
 * page adds above it for roles that may (the hearing packet).
 */
export function StudentHistoryTab({ studentId, actions }: { studentId: string; actions?: ReactNode }) {
  const history = useStudentHistory(studentId);
  const [choice, setChoice] = useState<AsOfChoice>(NOW);
  const instant = asOfInstant(choice);

  return (
    <div className="student-history">
      {actions && <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>{actions}</div>}
      <Card size="small" title={<CardHeading>View as of</CardHeading>} style={{ marginBottom: 16 }}>
        {/* The browser's own date and time fields: a date alone, or a date and a time in minutes, typed or picked. */}
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-end' }}>
          <label style={{ display: 'grid', gap: 4 }}>
            Date
            <Input type="date" value={choice.date} max={dayjs().format('YYYY-MM-DD')} onChange={(event) => setChoice({ ...choice, date: event.target.value })} />
          </label>
          <label style={{ display: 'grid', gap: 4 }}>
            Time (optional)
            <Input type="time" value={choice.time} onChange={(event) => setChoice({ ...choice, time: event.target.value })} />
          </label>
          {(choice.date || choice.time) && <Button onClick={() => setChoice(NOW)}>Back to now</Button>}
        </div>
        {instant && (
          <div style={{ marginTop: 16 }}>
            <StudentAsOfView studentId={studentId} asOf={instant.iso} label={instant.label} />
          </div>
        )}
      </Card>
      {history.isPending ? (
        <Skeleton active />
      ) : history.isError ? (
        <Typography.Text type="danger">Could not load the history.</Typography.Text>
      ) : history.data.length === 0 ? (
        <Empty description="No changes yet" />
      ) : (
        <Timeline
          data-testid="history-timeline"
          items={history.data.map((entry, index) => ({
            key: `${entry.at}-${index}`,
            color: ENTITY_COLORS[entry.entity] ?? 'blue',
            children: (
              <div>
                <Typography.Text strong>{entry.kind}</Typography.Text>{' '}
                <Typography.Text type="secondary">
                  {/* An imported student's first entry names its source already: no 'by the SIS' after it. */}
                  {entry.kind === IMPORTED_FROM_SIS ? '' : `by ${entry.actor.name} · `}
                  {dayjs(entry.at).format('MMM D, YYYY h:mm:ss A')}
                </Typography.Text>
                {/* A plan record's change may list the specifics of several accommodations: one line each. */}
                {entry.changes.map((change, line) => (
                  <ChangeLine key={`${change.field}-${line}`} entity={entry.entity} {...change} />
                ))}
              </div>
            ),
          }))}
        />
      )}
    </div>
  );
}
