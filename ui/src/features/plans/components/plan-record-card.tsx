import { lazy, Suspense, useState } from 'react';
import { Button, Descriptions, Skeleton } from 'antd';
import type { Plan } from '@accommodate/shared-events/schemas/plan';
import { RECORD_FIELD_LABELS, specificsText, type PlanRecordView } from '@accommodate/shared-events/schemas/plan-record';
import { consentText, participantsText } from '@accommodate/shared-events/domain/plan/plan-record';
import { Card } from '../../../components/card.tsx';
import { CardHeading } from '../../../components/card-heading.tsx';
import './plan-record.css';
import type { RecordAccommodation } from './plan-record-form.tsx';

// The form (lists of people and specifics, the amendment's fields) loads only when someone edits.
const PlanRecordForm = lazy(() => import('./plan-record-form.tsx').then((m) => ({ default: m.PlanRecordForm })));


interface PlanRecordCardProps {
  plan: Plan;
  /** The student's accommodations, whose specifics the record gives. */
  accommodations: RecordAccommodation[];
  canEdit: boolean;
  /** 'see-plan-record': the impairment, life activities and consent, to read and to edit. */
  seesRestricted: boolean;
  /** 'see-private': who took part, which names the parent. */
  seesParticipants: boolean;
}

function RecordView({ record, accommodations, seesRestricted, seesParticipants }: { record: PlanRecordView | undefined; accommodations: RecordAccommodation[]; seesRestricted: boolean; seesParticipants: boolean }) {
  const specifics = record?.specifics ?? [];
  const nameOf = (id: string) => accommodations.find((accommodation) => accommodation.id === id)?.name ?? 'An accommodation no longer on the list';
  return (
    <>
      <Descriptions column={1} size="small">
        {seesRestricted && <Descriptions.Item label={RECORD_FIELD_LABELS.impairment}>{record?.impairment ?? '—'}</Descriptions.Item>}
        {seesRestricted && <Descriptions.Item label={RECORD_FIELD_LABELS.lifeActivities}>{record?.lifeActivities?.join(', ') || '—'}</Descriptions.Item>}
        {seesRestricted && <Descriptions.Item label={RECORD_FIELD_LABELS.consent}>{consentText(record?.consent ?? null) ?? 'Not recorded'}</Descriptions.Item>}
        {seesParticipants && <Descriptions.Item label={RECORD_FIELD_LABELS.participants}>{participantsText(record?.participants ?? []) ?? '—'}</Descriptions.Item>}
      </Descriptions>
      <h3 className="plan-record__subheading">Specifics for this student</h3>
      {specifics.length === 0 ? (
        <p>No specifics recorded.</p>
      ) : (
        <ul className="plan-record__list" aria-label="Specifics for this student">
          {specifics.map((one) => (
            <li key={one.accommodationId}>
              <strong>{nameOf(one.accommodationId)}</strong>: {specificsText(one)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** What the 504 meeting decided: the impairment and consent, and the team (it names the parent), for those who may see them; the specifics for all. */
export function PlanRecordCard({ plan, accommodations, canEdit, seesRestricted, seesParticipants }: PlanRecordCardProps) {
  const [editing, setEditing] = useState(false);
  const title = <CardHeading>Plan Record</CardHeading>;
  const edit = canEdit && !editing ? <Button onClick={() => setEditing(true)}>Edit Record</Button> : null;
  return (
    <Card size="small" title={title} extra={edit} data-testid="plan-record">
      {editing ? (
        <Suspense fallback={<Skeleton active />}>
          <PlanRecordForm plan={plan} accommodations={accommodations} seesRestricted={seesRestricted} onDone={() => setEditing(false)} />
        </Suspense>
      ) : (
        <RecordView record={plan.record} accommodations={accommodations} seesRestricted={seesRestricted} seesParticipants={seesParticipants} />
      )}
    </Card>
  );
}
