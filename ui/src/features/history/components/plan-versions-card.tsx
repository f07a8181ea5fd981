import { useEffect, useState } from 'react';
import { Empty, Select, Skeleton, Table, Typography } from 'antd';
import { Card } from '../../../components/card.tsx';
import { fieldLabel, fieldValue } from '@accommodate/shared-events/schemas/record-display';
import { usePlanVersions } from '../api/get-plan-versions.ts';
import type { PlanSnapshot, PlanVersion } from '../api/history-types.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { CardHeading } from '../../../components/card-heading.tsx';

const PLAN_FIELDS: (keyof PlanSnapshot)[] = ['status', 'startDate', 'reviewDate', 'meetingDate', 'caseManager'];
/**
 * The fields the history compares: the case manager is the student's now, so the plan's own free text is a row only
 * where an older plan recorded one.
 */
const fieldsOf = (versions: readonly PlanVersion[]) => PLAN_FIELDS.filter((field) => field !== 'caseManager' || versions.some((version) => version.plan.caseManager));

const show = (field: string, value: unknown) => fieldValue('plan', field, value);
/** Each saved change named by the signed version it belongs to ('Draft', 'Version 2'): one numbering, the plan page's own. */
const versionLabel = ({ plan, at, actor }: PlanVersion) => `${plan.version ? `Version ${plan.version}` : 'Draft'} · ${formatDateTime(at)} · ${actor.name}`;

/** The plan's versions, and a field-by-field diff between any two of them; a plan never changed says so. */
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

  if (versions.isPending) return <Card title={<CardHeading>Change history</CardHeading>}><Skeleton active /></Card>;
  if (versions.isError) return null;
  if (list.length === 0) return <Card title={<CardHeading>Change history</CardHeading>}><Empty /></Card>;
  if (list.length === 1) return <OnlyVersion version={list[0]!} />;

  const options = list.map((version) => ({ value: version.revision, label: versionLabel(version) }));
  const a = list.find((version) => version.revision === left)?.plan;
  const b = list.find((version) => version.revision === right)?.plan;
  const rows = fieldsOf(list).map((field) => ({
    field,
    before: a?.[field] ?? null,
    after: b?.[field] ?? null,
    changed: JSON.stringify(a?.[field] ?? null) !== JSON.stringify(b?.[field] ?? null),
  }));

  return (
    <Card title={<CardHeading>Change history</CardHeading>} className="plan-versions" data-testid="plan-versions">
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: 12 }}>
        <Select aria-label="Compare from version" style={{ flex: '1 1 240px', minWidth: 0, maxWidth: 340 }} value={left} options={options} onChange={setLeft} />
        <Typography.Text aria-hidden="true">→</Typography.Text>
        <Select aria-label="Compare to version" style={{ flex: '1 1 240px', minWidth: 0, maxWidth: 340 }} value={right} options={options} onChange={setRight} />
      </div>
      <Table
        size="small"
        pagination={false}
        rowKey="field"
        dataSource={rows}
        rowClassName={(row) => (row.changed ? 'plan-version-changed' : '')}
        columns={[
          { title: 'Field', dataIndex: 'field', render: (field: string) => fieldLabel('plan', field) },
          { title: 'From', dataIndex: 'before', render: (value: unknown, row) => show(row.field, value) },
          {
            title: 'To',
            dataIndex: 'after',
            render: (value: unknown, row) => (row.changed ? <Typography.Text mark>{show(row.field, value)}</Typography.Text> : show(row.field, value)),
          },
        ]}
      />
    </Card>
  );
}

/** Nothing to compare: the one version, and who made it when. */
function OnlyVersion({ version }: { version: PlanVersion }) {
  return (
    <Card title={<CardHeading>Change history</CardHeading>} className="plan-versions" data-testid="plan-versions">
      <Typography.Paragraph>
        This plan has one version: it has not been changed since {version.actor.name} created it on {formatDateTime(version.at)}.
      </Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        rowKey="field"
        dataSource={fieldsOf([version]).map((field) => ({ field, value: version.plan[field] ?? null }))}
        columns={[
          { title: 'Field', dataIndex: 'field', render: (field: string) => fieldLabel('plan', field) },
          { title: 'Value', dataIndex: 'value', render: (value: unknown, row) => show(row.field, value) },
        ]}
      />
    </Card>
  );
}
