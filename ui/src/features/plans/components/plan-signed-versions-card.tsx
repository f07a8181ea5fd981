import { Empty, Skeleton, Tag } from 'antd';
import type { PlanVersionView } from '@accommodate/shared-events/schemas/plan-version';
import { RECORD_FIELD_LABELS } from '@accommodate/shared-events/schemas/plan-record';
import { Card } from '../../../components/card.tsx';
import { CardHeading } from '../../../components/card-heading.tsx';
import { formatDateTime, formatListDate } from '../../../lib/format-date-time.ts';
import { usePlanSignedVersions } from '../api/plan-versions.ts';
import './plan-signed-versions-card.css';

const FIELD_LABELS: Record<string, string> = { startDate: 'Start date', reviewDate: 'Review date', meetingDate: 'Meeting date', caseManager: 'Case manager' };
const isDateField = (field: string) => field !== 'caseManager';
const shown = (field: string, value: string | null) => (isDateField(field) ? formatListDate(value) : (value ?? '—'));

/** A record difference's label: 'Parent’s consent', or 'Specifics (Extended Time)'. */
const recordLabel = (version: PlanVersionView, change: PlanVersionView['changes']['record'][number]) =>
  change.accommodationId === undefined
    ? RECORD_FIELD_LABELS[change.field]
    : `${RECORD_FIELD_LABELS.specifics} (${version.content.accommodations.find((accommodation) => accommodation.id === change.accommodationId)?.name ?? 'an accommodation'})`;

function VersionChanges({ version }: { version: PlanVersionView }) {
  const { added, removed, fields, record } = version.changes;
  if (version.version === 1) return null;
  if (added.length + removed.length + fields.length + record.length === 0) return <p className="plan-signed-versions__quiet">No change from version {version.version - 1}.</p>;
  return (
    <ul className="plan-signed-versions__changes" aria-label={`Changes in version ${version.version}`}>
      {added.map((accommodation) => <li key={`+${accommodation.id}`}><Tag color="green">Added</Tag>{accommodation.name}</li>)}
      {removed.map((accommodation) => <li key={`-${accommodation.id}`}><Tag color="red">Removed</Tag>{accommodation.name}</li>)}
      {fields.map((change) => (
        <li key={change.field}>
          <Tag>Changed</Tag>
          {FIELD_LABELS[change.field] ?? change.field}: {shown(change.field, change.before)} → {shown(change.field, change.after)}
        </li>
      ))}
      {record.map((change) => (
        <li key={`${change.field}:${change.accommodationId ?? ''}`}>
          <Tag>Changed</Tag>
          {recordLabel(version, change)}: {change.before ?? '—'} → {change.after ?? '—'}
        </li>
      ))}
    </ul>
  );
}

/** The plan's signed versions, newest first: who made each, why, from when, and what it changed. */
export function PlanSignedVersionsCard({ planId }: { planId: string }) {
  const versions = usePlanSignedVersions(planId);
  const title = <CardHeading>Versions</CardHeading>;
  if (versions.isPending) return <Card size="small" title={title}><Skeleton active /></Card>;
  if (versions.isError) return null;
  if (versions.data.length === 0) {
    return <Card size="small" title={title}><Empty description="This plan is a draft: finalise it to record version 1." /></Card>;
  }
  return (
    <Card size="small" title={title} data-testid="plan-signed-versions">
      <ol className="plan-signed-versions">
        {versions.data.map((version) => (
          <li key={version.version} className="plan-signed-versions__version">
            <h3 className="plan-signed-versions__heading">
              Version {version.version} · {version.kind === 'finalised' ? 'Finalised' : 'Amended'}
            </h3>
            <p className="plan-signed-versions__meta">
              {version.by.name} · {formatDateTime(version.at)} · in force from {formatListDate(version.effectiveDate)}
            </p>
            {version.reason !== null && <p className="plan-signed-versions__reason">Reason: {version.reason}</p>}
            <VersionChanges version={version} />
            <div className="plan-signed-versions__accommodations">
              {version.content.accommodations.length === 0 ? <span className="plan-signed-versions__quiet">No accommodations</span> : version.content.accommodations.map((accommodation) => <Tag key={accommodation.id}>{accommodation.name}</Tag>)}
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
