import { categoryLabel, groupByCategory } from '@accommodate/shared-events/config/accommodation-categories';
import { currentPlan } from '@accommodate/shared-events/domain/plan/current-plan';
import { planCaseManagerLabel, planStatusLabel, type Plan } from '@accommodate/shared-events/schemas/plan';
import { formatCalendarDate } from '@accommodate/shared-events/schemas/record-display';
import { gradeLabel, studentStatusLabel, type Student, type StudentAccommodation } from '@accommodate/shared-events/schemas/student';
import { useStudentPlans } from '../../../features/plans/api/get-plans.ts';
import { usePlan } from '../../../features/plans/api/get-plan.ts';
import { formatListDate } from '../../../lib/format-date-time.ts';
import './student-print-summary.css';

interface StudentPrintSummaryProps {
  student: Student;
  name: string;
  accommodations: readonly StudentAccommodation[];
}

const dateOrDash = (date: string | null) => (date ? formatCalendarDate(date) : '—');

/**
 * What Print puts on paper, whatever tab is open: the student, their current plan's dates and case manager, and every
 * accommodation by category. Plain text only (no buttons, links or 'View all'), hidden on screen, and the only thing
 * of the page that prints (student-print-summary.css).
 */
export function StudentPrintSummary({ student, name, accommodations }: StudentPrintSummaryProps) {
  const plans = useStudentPlans(student.id);
  const plan = currentPlan(plans.data ?? []);
  const groups = groupByCategory(accommodations);
  return (
    <section className="student-print-summary" data-testid="student-print-summary">
      <h1 className="student-print-summary__name">{name}</h1>
      <p className="student-print-summary__meta">
        {gradeLabel(student.grade)} · {studentStatusLabel(student.status)}
      </p>
      <h2>504 plan</h2>
      {plan ? (
        <dl className="student-print-summary__plan">
          <dt>Status</dt>
          <dd>{planStatusLabel(plan.status)}</dd>
          <dt>Start date</dt>
          <dd>{dateOrDash(plan.startDate)}</dd>
          <dt>Review due</dt>
          <dd>{dateOrDash(plan.reviewDate)}</dd>
          <dt>Meeting date</dt>
          <dd>{dateOrDash(plan.meetingDate)}</dd>
          <dt>Case manager</dt>
          <dd>
            <PrintedCaseManager plan={plan} />
          </dd>
        </dl>
      ) : (
        <p>No plan on file</p>
      )}
      <h2>Accommodations ({accommodations.length})</h2>
      {groups.length === 0 && <p>No accommodations have been added for this student yet</p>}
      {groups.map(([category, members]) => (
        <div key={category} className="student-print-summary__category">
          <h3>{categoryLabel(category)}</h3>
          <ul>
            {members.map((accommodation) => (
              <li key={accommodation.id}>
                <strong>{accommodation.name}</strong>
                {accommodation.status !== 'active' && <em> (inactive)</em>}
                {accommodation.description && <span className="student-print-summary__description"> — {accommodation.description}</span>}
              </li>
            ))}
          </ul>
        </div>
      ))}
      <p className="student-print-summary__footer">
        Printed {formatListDate(new Date().toISOString())} from Accommodate · Confidential student record (FERPA)
      </p>
    </section>
  );
}

/** The student's case manager as the plan's own read names them (a list of plans carries no names). */
function PrintedCaseManager({ plan }: { plan: Plan }) {
  const read = usePlan(plan.id).data;
  return <>{planCaseManagerLabel(read?.caseManagerName, plan.caseManager) ?? '—'}</>;
}
