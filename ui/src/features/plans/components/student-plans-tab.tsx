import { useState } from 'react';
import { Button, Empty, Modal, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { planStatusLabel, type Plan, type PlanForm } from '@accommodate/shared-events/schemas/plan';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useStudentPlans } from '../api/get-plans.ts';
import { useCreatePlan } from '../api/create-plan.ts';
import { useUpdatePlan } from '../api/update-plan.ts';
import { PlanFormFields } from './plan-form.tsx';
import { PlanFinalTag } from './plan-final-tag.tsx';
import { toastPlanSaveFailed } from './plan-feedback.ts';
import { ReviewDue } from '../../../components/review-due.tsx';
import { formatListDate } from '../../../lib/format-date-time.ts';

/** The student's plans, with a dialog to create one or edit one in place. */
export function StudentPlansTab({ studentId }: { studentId: string }) {
  const plans = useStudentPlans(studentId);
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);
  // A copy: the query's cached array must not be sorted in place.
  const studentPlans = [...(plans.data ?? [])].sort((a, b) => b.startDate.localeCompare(a.startDate));
  const mutation = editing === 'new' ? create : update;
  const serverErrors = mutation.error instanceof ApiRequestError ? mutation.error.fieldErrors : undefined;

  const close = () => {
    create.reset();
    update.reset();
    setEditing(null);
  };
  const submit = (form: PlanForm) => {
    if (editing === 'new') {
      create.mutate({ studentId, form }, { onSuccess: () => { toast({ title: 'Plan Created' }); close(); }, onError: toastPlanSaveFailed });
    } else if (editing) {
      update.mutate(
        { id: editing.id, revision: editing.revision, patch: form },
        { onSuccess: () => { toast({ title: 'Plan Updated' }); close(); }, onError: toastPlanSaveFailed },
      );
    }
  };

  return (
    <div>
      <div className="no-print" style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 16 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          New Plan
        </Button>
      </div>
      {!plans.isPending && studentPlans.length === 0 ? (
        <Empty description="No plans have been created for this student yet" />
      ) : (
        <Table<Plan>
          rowKey="id"
          size="small"
          loading={plans.isPending}
          dataSource={studentPlans}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: 'Start Date', key: 'start', render: (_, plan) => <Link to={`/plans/${encodeURIComponent(plan.id)}`}>{formatListDate(plan.startDate)}</Link> },
            { title: 'Review Due', key: 'review', render: (_, plan) => <ReviewDue date={plan.reviewDate} /> },
            { title: 'Status', key: 'status', render: (_, plan) => <><Tag>{planStatusLabel(plan.status)}</Tag><PlanFinalTag plan={plan} /></> },
            { title: 'Meeting Date', key: 'meeting', render: (_, plan) => formatListDate(plan.meetingDate) },
            {
              title: 'Actions',
              key: 'actions',
              render: (_, plan) => (
                <Space size={8}>
                  <Link to={`/plans/${encodeURIComponent(plan.id)}`} aria-label={`Open plan starting ${formatListDate(plan.startDate)}`}>
                    Open
                  </Link>
                  <Button size="small" onClick={() => setEditing(plan)} aria-label={`Edit plan starting ${formatListDate(plan.startDate)}`}>
                    Edit
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      )}
      <Modal
        open={editing !== null}
        title={editing === 'new' ? 'New Plan' : 'Edit Plan'}
        onCancel={close}
        footer={null}
        destroyOnHidden
      >
        {editing !== null && (
          <PlanFormFields
            plan={editing === 'new' ? null : editing}
            submitLabel={editing === 'new' ? 'Create Plan' : 'Save Plan'}
            submitting={mutation.isPending}
            onSubmit={submit}
            onCancel={close}
            serverErrors={serverErrors}
          />
        )}
      </Modal>
    </div>
  );
}
