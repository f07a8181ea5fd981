import { useState } from 'react';
import { Button, Input, Modal, Typography } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { hearingPacketRangeSchema } from '@accommodate/shared-events/schemas/hearing-packet';
import { hearingPacketUrl } from '../api/hearing-packet-url.ts';

/**
 * 'Hearing packet', beside the history for the owner and auditors: one PDF of a date range with the plans,
 * every change, the notifications and the access log, for a hearing officer or the Office for Civil Rights.
 */
export function HearingPacketButton({ studentId }: { studentId: string }) {
  const [open, setOpen] = useState(false);
  const today = dayjs().format('YYYY-MM-DD');
  const [range, setRange] = useState({ from: dayjs().subtract(1, 'year').format('YYYY-MM-DD'), to: today });
  const parsed = hearingPacketRangeSchema.safeParse(range);
  const problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  return (
    <>
      <Button icon={<FilePdfOutlined />} onClick={() => setOpen(true)}>
        Hearing packet
      </Button>
      <Modal open={open} title="Hearing packet" onCancel={() => setOpen(false)} footer={null} destroyOnHidden>
        <Typography.Paragraph type="secondary">
          One PDF for a hearing or a complaint: the plans in force, every change, the notifications sent and the access log for the days you choose. The
          download is recorded in the access log.
        </Typography.Paragraph>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-end', marginBottom: 16 }}>
          <label style={{ display: 'grid', gap: 4 }}>
            From
            <Input type="date" value={range.from} max={today} onChange={(event) => setRange({ ...range, from: event.target.value })} />
          </label>
          <label style={{ display: 'grid', gap: 4 }}>
            To
            <Input type="date" value={range.to} max={today} onChange={(event) => setRange({ ...range, to: event.target.value })} />
          </label>
        </div>
        {problem && (
          <Typography.Paragraph type="danger" role="alert">
            {problem}
          </Typography.Paragraph>
        )}
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          {/* The answer is an attachment: the browser downloads it and stays on this page. */}
          <Button type="primary" icon={<FilePdfOutlined />} disabled={!parsed.success} onClick={() => parsed.success && window.location.assign(hearingPacketUrl(studentId, parsed.data))}>
            Download PDF
          </Button>
        </div>
      </Modal>
    </>
  );
}
