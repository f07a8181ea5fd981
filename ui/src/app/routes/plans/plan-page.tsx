import { lazy, Suspense } from 'react';
import { Button, Skeleton } from 'antd';
import { Card } from '../../../components/card.tsx';
import { useNavigate, useParams } from 'react-router-dom';
import { displayName } from '@accommodate/shared-events/schemas/student';
import { PageHeader } from '../../../components/page-header.tsx';
import { permissionsFor } from '../../../lib/student-access.ts';
import { usePlan } from '../../../features/plans/api/get-plan.ts';
import { PlanDetailsCard } from '../../../features/plans/components/plan-details-card.tsx';
import { PlanEditCard } from '../../../features/plans/components/plan-edit-card.tsx';
import { PlanRecordCard } from '../../../features/plans/components/plan-record-card.tsx';
import { useStudent } from '../../../features/students/api/get-student.ts';
import { PlanVersionActions } from '../../../features/plans/components/plan-version-actions.tsx';
import { PlanAcknowledgementsCard } from '../../../features/acknowledgements/components/plan-acknowledgements-card.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useAmendmentOptions } from './amendment-options.ts';
import { useStudentAccommodations } from '../../../features/students/api/get-student-accommodations.ts';

// The versions card (an antd Table, about 50 KB gzipped) waits for its own request anyway: its code loads beside it.
const PlanVersionsCard = lazy(() =>
  import('../../../features/history/components/plan-versions-card.tsx').then((m) => ({ default: m.PlanVersionsCard })),
);
// The signed versions wait for their own request too.
const PlanSignedVersionsCard = lazy(() =>
  import('../../../features/plans/components/plan-signed-versions-card.tsx').then((m) => ({ default: m.PlanSignedVersionsCard })),
);
// antd's Result carries its illustrations: loaded only when the plan cannot be shown.
const PlanLoadError = lazy(() => import('../../../features/plans/components/plan-load-error.tsx').then((m) => ({ default: m.PlanLoadError })));

/** A plan's page: its details and form (plans), its student's name (students) and its versions (history). */
export default function PlanPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const plan = usePlan(id);
  const student = useStudent(plan.data?.studentId ?? '');
  const { user } = useCurrentUser();
  const amendmentOptions = useAmendmentOptions(plan.data?.studentId ?? '');
  const accommodations = useStudentAccommodations(plan.data?.studentId ?? '');

  if (plan.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (plan.isError) {
    return (
      <Suspense fallback={null}>
        <PlanLoadError error={plan.error} />
      </Suspense>
    );
  }
  const current = plan.data;
  const studentName = student.data ? displayName(student.data) : undefined;
  // Until the student (and so the viewer's role) is known, neither the form nor the versions show.
  const can = student.data ? permissionsFor(student.data.access, student.data.archived) : null;

  return (
    // minmax(0, 1fr): a wide card (the versions' pickers, a table) scrolls or wraps inside itself, never widens the page.
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 16 }}>
      <PageHeader
        title="504 Plan"
        description={studentName ? `For ${studentName}` : undefined}
        actions={
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            {can?.edit && student.data && <PlanVersionActions plan={current} accommodationIds={student.data.accommodationIds} options={amendmentOptions} />}
            <Button onClick={() => void navigate(`/students/${encodeURIComponent(current.studentId)}`)}>Back to Student</Button>
          </div>
        }
      />
      <PlanDetailsCard plan={current} studentName={studentName} />
      {can && accommodations.data && <PlanRecordCard plan={current} accommodations={accommodations.data} canEdit={can.edit} seesRestricted={can.seePlanRecord} seesParticipants={can.seePrivate} />}
      {can && user && <PlanAcknowledgementsCard planId={current.id} userId={can.acknowledgePlan ? user.id : ''} />}
      {can && (
        <Suspense fallback={<Card title="Versions"><Skeleton active /></Card>}>
          <PlanSignedVersionsCard planId={current.id} />
        </Suspense>
      )}
      {can?.edit && <PlanEditCard plan={current} />}
      {can?.seeHistory && (
        <Suspense fallback={<Card title="Change history"><Skeleton active /></Card>}>
          <PlanVersionsCard planId={current.id} />
        </Suspense>
      )}
    </div>
  );
}
