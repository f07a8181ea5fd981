import { Button, Empty, Skeleton, Table, Tag, Typography } from 'antd';
import { Card } from '../../../components/card.tsx';
import { DownloadOutlined } from '@ant-design/icons';
import { accessRoleLabel } from '@accommodate/shared-events/schemas/access-log';
import { accessLogCsvUrl, useAccessLog, type AccessLogEntry } from '../api/get-access-log.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { CardHeading } from '../../../components/card-heading.tsx';

const ACTION_COLORS: Record<AccessLogEntry['action'], string> = { view: 'blue', export: 'purple', print: 'orange', download: 'green', delete: 'red' };

/** FERPA record of access (34 CFR 99.32): who looked at, exported, printed, downloaded or deleted (a document of) this record. Owner and auditors only. */
export function AccessLogCard({ studentId }: { studentId: string }) {
  const log = useAccessLog(studentId);
  return (
    <Card
      title={<CardHeading>Access log</CardHeading>}
      data-testid="access-log-card"
      extra={
        <Button icon={<DownloadOutlined />} href={accessLogCsvUrl(studentId)} download>
          Download CSV
        </Button>
      }
    >
      {log.isPending ? (
        <Skeleton active />
      ) : log.isError ? (
        <Typography.Text type="danger">Could not load the access log.</Typography.Text>
      ) : log.data.length === 0 ? (
        <Empty description="No access recorded yet" />
      ) : (
        // On a phone the six columns scroll sideways: the scrolling box takes the keyboard focus, so that the
        // columns off screen can be reached without a pointer (WCAG 2.1.1; axe's scrollable-region-focusable).
        <div tabIndex={0} role="region" aria-label="Access log entries" style={{ overflowX: 'auto' }}>
          <Table
            size="small"
            rowKey="id"
            dataSource={log.data}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            columns={[
              // A date and time on one line: on a phone the table scrolls sideways rather than stack it in four.
              { title: 'When', dataIndex: 'at', render: (at: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(at)}</span> },
              { title: 'Who', dataIndex: ['user', 'name'] },
              // As the person reached the record then; empty for entries from before roles were kept.
              { title: 'Role', dataIndex: 'role', render: (role: AccessLogEntry['role']) => accessRoleLabel(role) },
              { title: 'Action', dataIndex: 'action', render: (action: AccessLogEntry['action']) => <Tag color={ACTION_COLORS[action]}>{action}</Tag> },
              { title: 'What', dataIndex: 'what' },
              { title: 'From', dataIndex: 'ip', render: (ip: string | null, row) => <span title={row.userAgent ?? ''}>{ip ?? '—'}</span> },
            ]}
          />
        </div>
      )}
    </Card>
  );
}
