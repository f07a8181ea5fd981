import { useState } from 'react';
import { Button, Card, DatePicker, Empty, Skeleton, Space, Timeline, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useStudentHistory } from '../api/get-student-history.ts';
import { ChangeLine } from './change-value.tsx';
import { StudentAsOfView } from './student-as-of-view.tsx';

const ENTITY_COLORS: Record<string, string> = { student: 'blue', plan: 'green', document: 'gray', share: 'purple' };

/** Who changed what and when, newest first, and the record as it was at a chosen moment. */
export function StudentHistoryTab({ studentId }: { studentId: string }) {
  const history = useStudentHistory(studentId);
  const [asOf, setAsOf] = useState<Dayjs | null>(null);

  return (
    <div className="student-history">
      <Card size="small" title="View as of" style={{ marginBottom: 16 }}>
        <Space wrap>
          <DatePicker
            showTime={{ format: 'HH:mm:ss' }}
            format="YYYY-MM-DD HH:mm:ss"
            value={asOf}
            onChange={(value) => setAsOf(value)}
            disabledDate={(day) => day.isAfter(dayjs().endOf('day'))}
            placeholder="Choose a date and time"
            aria-label="View as of"
          />
          {asOf && <Button onClick={() => setAsOf(null)}>Back to now</Button>}
        </Space>
        {asOf && (
          <div style={{ marginTop: 16 }}>
            <StudentAsOfView studentId={studentId} asOf={asOf.toISOString()} />
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
                  by {entry.actor.name} · {dayjs(entry.at).format('MMM D, YYYY h:mm:ss A')}
                </Typography.Text>
                {entry.changes.map((change) => (
                  <ChangeLine key={change.field} {...change} />
                ))}
              </div>
            ),
          }))}
        />
      )}
    </div>
  );
}
