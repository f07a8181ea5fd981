import { lazy, Suspense } from 'react';
import { Alert, Button, Card, Descriptions, Skeleton, Tag } from 'antd';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { PlanForm } from '@accommodate/shared-events/schemas/plan';
import { displayName } from '@accommodate/shared-events/schemas/student';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useStudent } from '../../students/api/get-student.ts';
import { usePlan } from '../api/get-plan.ts';
import { useUpdatePlan } from '../api/update-plan.ts';
import { PLAN_STATUS_LABELS, PlanFormFields } from './plan-form.tsx';
import { ReviewDue } from '../../../components/review-due.tsx';
import { formatListDate } from '../../../lib/format-date-time.ts';

// The versions card (an antd Table, about 50 KB gzipped) waits for its own request anyway: its code loads beside it.
const PlanVersionsCard = lazy(() => import('../../history/components/plan-versions-card.tsx').then((m) => ({ default: m.PlanVersionsCard })));

export default function PlanPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const plan = usePlan(id);
  const student = useStudent(plan.data?.studentId ?? '');
  const update = useUpdatePlan();

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
  const studentPath = `/students/${encodeURIComponent(current.studentId)}`;
  const submit = (form: PlanForm) =>
    update.mutate(
      { id: current.id, revision: current.revision, patch: form },
      {
        onSuccess: () => toast({ title: 'Plan Updated' }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: (error instanceof ApiRequestError ? error.serverMessage : null) ?? 'Failed to save the plan.',
            variant: 'destructive',
          }),
      },
    );

  return (
    <div style={{ display: 'grid', gap: 16 }}>
      <PageHeader
        title="504 Plan"
        description={student.data ? `For ${displayName(student.data)}` : undefined}
        actions={<Button onClick={() => navigate(studentPath)}>Back to Student</Button>}
      />
      <Card size="small" title="Plan Details">
        <Descriptions column={{ xs: 1, sm: 2 }} size="small">
          <Descriptions.Item label="Student">
            <Link to={studentPath}>{student.data ? displayName(student.data) : 'View student'}</Link>
          </Descriptions.Item>
          <Descriptions.Item label="Status"><Tag>{PLAN_STATUS_LABELS[current.status] ?? current.status}</Tag></Descriptions.Item>
          <Descriptions.Item label="Start Date">{formatListDate(current.startDate)}</Descriptions.Item>
          <Descriptions.Item label="Review Due"><ReviewDue date={current.reviewDate} /></Descriptions.Item>
          <Descriptions.Item label="Meeting Date">{formatListDate(current.meetingDate)}</Descriptions.Item>
          <Descriptions.Item label="Case Manager">{current.caseManager ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Last Updated">{formatListDate(current.lastUpdated)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title="Edit Plan">
        <PlanFormFields
          plan={current}
          submitLabel="Save Plan"
          submitting={update.isPending}
          onSubmit={submit}
          serverErrors={update.error instanceof ApiRequestError ? update.error.fieldErrors : undefined}
        />
      </Card>
      {student.data && student.data.access !== 'substitute' && (
        <Suspense fallback={<Card title="Versions"><Skeleton active /></Card>}>
          <PlanVersionsCard planId={current.id} />
        </Suspense>
      )}
    </div>
  );
}
