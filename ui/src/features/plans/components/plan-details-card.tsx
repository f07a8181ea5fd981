import { Descriptions, Tag } from 'antd';
import { Card } from '../../../components/card.tsx';
import { Link } from 'react-router-dom';
import { planCaseManagerLabel, planStatusLabel, type Plan } from '@accommodate/shared-events/schemas/plan';
import { ReviewDue } from '../../../components/review-due.tsx';
import { formatListDate } from '../../../lib/format-date-time.ts';
import { CardHeading } from '../../../components/card-heading.tsx';
import { PlanFinalTag } from './plan-final-tag.tsx';

interface PlanDetailsCardProps {
  plan: Plan;
  /** The student's display name once loaded; the link reads 'View student' until then. */
  studentName: string | undefined;
}

/** The plan's dates, status and case manager (the student's, a staff member), with a link to its student. */
export function PlanDetailsCard({ plan, studentName }: PlanDetailsCardProps) {
  return (
    <Card size="small" title={<CardHeading>Plan Details</CardHeading>}>
      <Descriptions column={{ xs: 1, sm: 2 }} size="small">
        <Descriptions.Item label="Student">
          <Link to={`/students/${encodeURIComponent(plan.studentId)}`}>{studentName ?? 'View student'}</Link>
        </Descriptions.Item>
        <Descriptions.Item label="Status">
          <Tag>{planStatusLabel(plan.status)}</Tag>
          <PlanFinalTag plan={plan} />
        </Descriptions.Item>
        <Descriptions.Item label="Start Date">{formatListDate(plan.startDate)}</Descriptions.Item>
        <Descriptions.Item label="Review Due"><ReviewDue date={plan.reviewDate} /></Descriptions.Item>
        <Descriptions.Item label="Meeting Date">{formatListDate(plan.meetingDate)}</Descriptions.Item>
        <Descriptions.Item label="Case Manager">{planCaseManagerLabel(plan.caseManagerName, plan.caseManager) ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Last Updated">{formatListDate(plan.lastUpdated)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
