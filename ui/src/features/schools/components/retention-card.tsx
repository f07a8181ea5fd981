import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Skeleton, Space, Table, Tag } from 'antd';
import { legalHoldFormSchema, LEFT_BECAUSE_LABELS, retentionFormSchema } from '@accommodate/shared-events/schemas/retention';
import { formatCalendarDate } from '@accommodate/shared-events/schemas/record-display';
import { Card } from '../../../components/card.tsx';
import { serverMessageOr } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import type { District } from '../api/schools-api.ts';
import { useDueErasures, useLiftLegalHold, usePlaceLegalHold, useRetentionRule, useSetRetention, type DueErasure } from '../api/retention-api.ts';

/**
 * Settings → District → Retention: how long the records of students who left are kept, and the records
 * the daily job erases within 30 days, each of which a district admin can hold (a hearing, a records request).
 */
export function RetentionCard({ district }: { district: District }) {
  return (
    <Card title={<h2 className="settings-card-title">Retention</h2>} className="school-card">
      <p className="settings-row__text">
        Records of students who left (graduated, or marked inactive: withdrawn or transferred out of the district) are erased this many years after the day they left.
        A record on legal hold is never erased.
      </p>
      <RetentionForm districtId={district.id} />
      <h3 className="school-card__section">Due for erasure within 30 days</h3>
      <DueList districtId={district.id} />
    </Card>
  );
}

function RetentionForm({ districtId }: { districtId: string }) {
  const rule = useRetentionRule(districtId);
  const save = useSetRetention(districtId);
  const [years, setYears] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  if (rule.isPending) return <Skeleton active paragraph={{ rows: 1 }} />;
  if (rule.isError) return <Alert type="error" showIcon title="The retention rule could not be loaded." />;
  const shown = years ?? rule.data.yearsAfterLeaving;
  const id = `retention-years-${districtId}`;
  const submit = () => {
    const parsed = retentionFormSchema.safeParse({ yearsAfterLeaving: shown ?? undefined });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    save.mutateAsync(parsed.data.yearsAfterLeaving).then(
      () => toast({ title: 'Retention saved', description: `Records are kept ${parsed.data.yearsAfterLeaving} years after a student leaves.` }),
      (failure: unknown) => setError(serverMessageOr(failure, 'Please try again.')),
    );
  };
  return (
    <Form layout="vertical" onFinish={submit} noValidate className="school-one-field-form">
      <Form.Item label="Years to keep records after a student leaves" htmlFor={id} validateStatus={error ? 'error' : undefined} help={error ? <span id={`${id}-error`}>{error}</span> : undefined}>
        <InputNumber id={id} min={1} max={100} value={shown} onChange={(value) => setYears(value)} aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        Save retention
      </Button>
      {rule.data.yearsAfterLeaving === null && <p className="settings-row__text">No rule yet: nothing is erased.</p>}
    </Form>
  );
}

function DueList({ districtId }: { districtId: string }) {
  const due = useDueErasures(districtId);
  if (due.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (due.isError) return <Alert type="error" showIcon title="The records due for erasure could not be loaded." />;
  if (due.data.length === 0) return <p className="settings-row__text">No record is due for erasure in the next 30 days.</p>;
  return (
    <Table
      size="small"
      rowKey="studentId"
      pagination={false}
      scroll={{ x: 'max-content' }}
      caption="Records due for erasure"
      dataSource={due.data}
      columns={[
        { title: 'Student', dataIndex: 'name' },
        { title: 'School', dataIndex: 'schoolName' },
        { title: 'Left', key: 'left', render: (_, row) => `${LEFT_BECAUSE_LABELS[row.leftBecause]}, ${formatCalendarDate(row.leftOn)}` },
        { title: 'Erased on', key: 'due', render: (_, row) => <DueOn row={row} /> },
        { title: 'Legal hold', key: 'hold', render: (_, row) => <HoldControl districtId={districtId} row={row} /> },
      ]}
    />
  );
}

function DueOn({ row }: { row: DueErasure }) {
  if (row.legalHold) return <>Kept while held</>;
  return (
    <Space size={4} wrap>
      {formatCalendarDate(row.dueOn)}
      {row.overdue && <Tag color="red">Overdue</Tag>}
    </Space>
  );
}

function HoldControl({ districtId, row }: { districtId: string; row: DueErasure }) {
  const place = usePlaceLegalHold(districtId);
  const lift = useLiftLegalHold(districtId);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  if (row.legalHold) {
    return (
      <Space size={8} wrap>
        <span>
          Held since {formatCalendarDate(row.legalHold.placedOn)}: {row.legalHold.reason}
        </span>
        <Button size="small" loading={lift.isPending} onClick={() => lift.mutate(row.studentId, { onSuccess: () => toast({ title: 'Legal hold lifted' }) })} aria-label={`Lift hold on ${row.name}`}>
          Lift hold
        </Button>
      </Space>
    );
  }
  if (!asking) {
    return (
      <Button size="small" onClick={() => setAsking(true)} aria-label={`Hold ${row.name}`}>
        Hold
      </Button>
    );
  }
  const id = `hold-reason-${row.studentId}`;
  const submit = () => {
    const parsed = legalHoldFormSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    place.mutateAsync({ studentId: row.studentId, reason: parsed.data.reason }).then(
      () => {
        setAsking(false);
        setReason('');
        toast({ title: 'Legal hold placed', description: 'The record is kept until the hold is lifted.' });
      },
      (failure: unknown) => setError(serverMessageOr(failure, 'Please try again.')),
    );
  };
  return (
    <Form layout="inline" onFinish={submit} noValidate>
      <Form.Item label="Reason" htmlFor={id} validateStatus={error ? 'error' : undefined} help={error ? <span id={`${id}-error`}>{error}</span> : undefined}>
        <Input id={id} value={reason} onChange={(event) => setReason(event.target.value)} aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} />
      </Form.Item>
      <Button size="small" type="primary" htmlType="submit" loading={place.isPending}>
        Place hold
      </Button>
    </Form>
  );
}
