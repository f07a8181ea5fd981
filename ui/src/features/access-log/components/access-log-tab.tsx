import { Button, Space, Typography } from 'antd';
import { Card } from '../../../components/card.tsx';
import { FileTextOutlined, FilePdfOutlined } from '@ant-design/icons';
import { AccessLogCard } from './access-log-card.tsx';
import { CardHeading } from '../../../components/card-heading.tsx';
import { readerTimeZoneQuery } from '../../../lib/reader-time-zone.ts';

/** The record's audit side: the complete export for a parent's request, and the access log. */
export function AccessLogTab({ studentId }: { studentId: string }) {
  const base = `/api/students/${encodeURIComponent(studentId)}`;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" title={<CardHeading>Records export</CardHeading>}>
        <Typography.Paragraph type="secondary">
          The complete record (profile, accommodations, plans, notes, documents list and history) for a parent’s request to inspect it: the PDF
          reads as the screens do; the JSON is for another system to import. Each export is recorded in the access log.
        </Typography.Paragraph>
        <Space wrap>
          {/* The moments in the PDF, and the files' dates, are in this browser's time zone, as the screens show them. */}
          <Button icon={<FilePdfOutlined />} href={`${base}/records.pdf?${readerTimeZoneQuery()}`} download>
            Export PDF
          </Button>
          <Button icon={<FileTextOutlined />} href={`${base}/records.json?${readerTimeZoneQuery()}`} download>
            Export JSON
          </Button>
        </Space>
      </Card>
      <AccessLogCard studentId={studentId} />
    </Space>
  );
}
