import { Empty, Table } from 'antd';
import { Card } from '../../../components/card.tsx';
import type { Plan } from '@accommodate/shared-events/schemas/plan';
import { useStudentPlans } from '../api/get-plans.ts';
import { ReviewDue } from '../../../components/review-due.tsx';
import { formatListDate } from '../../../lib/format-date-time.ts';
import { CardHeading } from '../../../components/card-heading.tsx';

/** View-only roles see each plan's dates, without the plan editor. */
export function StudentReviewDates({ studentId }: { studentId: string }) {
  const plans = useStudentPlans(studentId);
  const studentPlans = plans.data ?? [];
  if (!plans.isPending && studentPlans.length === 0) return <Empty description="No plans have been created for this student yet" />;
  return (
    <Card size="small" title={<CardHeading>Plan review dates</CardHeading>}>
      <Table<Plan>
        rowKey="id"
        size="small"
        loading={plans.isPending}
        dataSource={studentPlans}
        pagination={false}
        columns={[
          { title: 'Start Date', key: 'start', render: (_, plan) => formatListDate(plan.startDate) },
          { title: 'Review Due', key: 'review', render: (_, plan) => <ReviewDue date={plan.reviewDate} /> },
        ]}
      />
    </Card>
  );
}
