import { Button, Empty, Result, Skeleton } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { gradeLabel } from '@accommodate/shared-events/schemas/student';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatListDate } from '../../../lib/format-date-time.ts';
import { useSubPlan } from '../api/get-sub-plan.ts';
import { orderSubPlan, sharedByNames } from './sub-plan-model.ts';
import './sub-plan.css';

/** A one-page sheet for a substitute: every student shared with them and what each one needs. */
export default function SubPlanPage() {
  const subPlan = useSubPlan();
  const entries = orderSubPlan(subPlan.data ?? []);

  return (
    <div className="sub-plan">
      <PageHeader
        title="Sub Plan"
        description="Accommodations for the students shared with you as a substitute"
        actions={
          <Button type="primary" icon={<PrinterOutlined />} disabled={entries.length === 0} onClick={() => window.print()}>
            Print
          </Button>
        }
      />
      {subPlan.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : subPlan.isError ? (
        <Result status="error" title="Could not load the sub plan" subTitle={subPlan.error.message} />
      ) : entries.length === 0 ? (
        <Empty description="No students are shared with you as a substitute right now." />
      ) : (
        <>
          <p className="sub-plan__meta">
            {entries.length} student{entries.length === 1 ? '' : 's'} · from {sharedByNames(entries).join(', ')} · as of{' '}
            {dayjs().format('MMM D, YYYY')}
          </p>
          <div className="sub-plan__students">
            {entries.map((entry) => (
              <section key={entry.student.id} className="sub-plan__student" aria-label={entry.student.name} data-testid="sub-plan-student">
                <h2 className="sub-plan__name">
                  {entry.student.name} <span className="sub-plan__grade">{gradeLabel(entry.student.grade)}</span>
                </h2>
                {entry.reviewDate && <div className="sub-plan__review">Plan review: {formatListDate(entry.reviewDate)}</div>}
                {entry.accommodations.length === 0 ? (
                  <p className="sub-plan__none">No accommodations recorded.</p>
                ) : (
                  <ul className="sub-plan__accommodations">
                    {entry.accommodations.map((accommodation) => (
                      <li key={accommodation.id} className={accommodation.status === 'active' ? undefined : 'sub-plan__inactive'}>
                        <strong>{accommodation.name}</strong>
                        {accommodation.status !== 'active' && ` (${accommodation.status})`}
                        {accommodation.description && <span className="sub-plan__description"> — {accommodation.description}</span>}
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
