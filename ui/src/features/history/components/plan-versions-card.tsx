import { useEffect, useState } from 'react';
import { Card, Empty, Select, Skeleton, Space, Table, Typography } from 'antd';
import { usePlanVersions } from '../api/get-plan-versions.ts';
import type { PlanSnapshot } from '../api/history-types.ts';
import { fieldLabel, formatValue } from './change-value.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';

const PLAN_FIELDS: (keyof PlanSnapshot)[] = ['status', 'startDate', 'reviewDate', 'meetingDate', 'caseManager'];

/** The plan's versions, and a field-by-field diff between any two of them. */
export function PlanVersionsCard({ planId }: { planId: string }) {
  const versions = usePlanVersions(planId);
  const [left, setLeft] = useState<number | null>(null);
  const [right, setRight] = useState<number | null>(null);
  const loaded = versions.data;

  // Default: the previous version against the latest.
  useEffect(() => {
    if (!loaded || loaded.length === 0) return;
    setRight((current) => current ?? loaded[0]!.revision);
    setLeft((current) => current ?? (loaded[1] ?? loaded[0]!).revision);
  }, [loaded]);
  const list = loaded ?? [];

  if (versions.isPending) return <Card title="Versions"><Skeleton active /></Card>;
  if (versions.isError) return null;
  if (list.length === 0) return <Card title="Versions"><Empty /></Card>;

  const options = list.map((version) => ({
    value: version.revision,
    label: `v${version.revision + 1} · ${formatDateTime(version.at)} · ${version.actor.name}`,
  }));
  const a = list.find((version) => version.revision === left)?.plan;
  const b = list.find((version) => version.revision === right)?.plan;
  const rows = PLAN_FIELDS.map((field) => ({
    field,
    before: a?.[field] ?? null,
    after: b?.[field] ?? null,
    changed: JSON.stringify(a?.[field] ?? null) !== JSON.stringify(b?.[field] ?? null),
  }));

  return (
    <Card title="Versions" className="plan-versions" data-testid="plan-versions">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select aria-label="Compare from version" style={{ minWidth: 260 }} value={left} options={options} onChange={setLeft} />
        <Typography.Text>→</Typography.Text>
        <Select aria-label="Compare to version" style={{ minWidth: 260 }} value={right} options={options} onChange={setRight} />
      </Space>
      <Table
        size="small"
        pagination={false}
        rowKey="field"
        dataSource={rows}
        rowClassName={(row) => (row.changed ? 'plan-version-changed' : '')}
        columns={[
          { title: 'Field', dataIndex: 'field', render: (field: string) => fieldLabel(field) },
          { title: 'From', dataIndex: 'before', render: (value: unknown) => formatValue(value) },
          {
            title: 'To',
            dataIndex: 'after',
            render: (value: unknown, row) => (row.changed ? <Typography.Text mark>{formatValue(value)}</Typography.Text> : formatValue(value)),
          },
        ]}
      />
    </Card>
  );
}
