import { lazy, Suspense } from 'react';
import { Alert, Button, Card, Skeleton } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import { displayName } from '@accommodate/shared-events/schemas/student';
import { PageHeader } from '../../../components/page-header.tsx';
import { usePlan } from '../../../features/plans/api/get-plan.ts';
import { PlanDetailsCard } from '../../../features/plans/components/plan-details-card.tsx';
import { PlanEditCard } from '../../../features/plans/components/plan-edit-card.tsx';
import { useStudent } from '../../../features/students/api/get-student.ts';

// The versions card (an antd Table, about 50 KB gzipped) waits for its own request anyway: its code loads beside it.
const PlanVersionsCard = lazy(() =>
  import('../../../features/history/components/plan-versions-card.tsx').then((m) => ({ default: m.PlanVersionsCard })),
);

/** A plan's page: its details and form (plans), its student's name (students) and its versions (history). */
export default function PlanPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const plan = usePlan(id);
  const student = useStudent(plan.data?.studentId ?? '');

  if (plan.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (plan.isError) {
    return (
      <Alert
        type="error"
        showIcon
        message="Error loading plan"
        description={plan.error.message || 'An unknown error occurred.'}
        action={<Button onClick={() => navigate('/students')}>Back to Students</Button>}
      />
    );
  }
  const current = plan.data;
  const studentName = student.data ? displayName(student.data) : undefined;

  return (
    <div style={{ display: 'grid', gap: 16 }}>
      <PageHeader
        title="504 Plan"
        description={studentName ? `For ${studentName}` : undefined}
        actions={<Button onClick={() => navigate(`/students/${encodeURIComponent(current.studentId)}`)}>Back to Student</Button>}
      />
      <PlanDetailsCard plan={current} studentName={studentName} />
      <PlanEditCard plan={current} />
      {student.data && student.data.access !== 'substitute' && (
        <Suspense fallback={<Card title="Versions"><Skeleton active /></Card>}>
          <PlanVersionsCard planId={current.id} />
        </Suspense>
      )}
    </div>
  );
}
