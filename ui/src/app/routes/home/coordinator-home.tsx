import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { MySchool } from '@accommodate/shared-events/schemas/school';
import { Card } from '../../../components/card.tsx';
import { CardHeading } from '../../../components/card-heading.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ReviewDue } from '../../../components/review-due.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { usePlans } from '../../../features/plans/api/get-plans.ts';
import { useSchoolStudents } from '../../../features/schools/api/schools-api.ts';
import { useImplementationCoverage } from '../../../features/implementation-log/api/implementation-log-api.ts';
import { useSchoolFollowThrough } from '../../../features/district-dashboard/api/get-school-follow-through.ts';
import { PlansToAcknowledge } from '../../../features/acknowledgements/components/plans-to-acknowledge.tsx';
import { logGaps, reviewsDue } from './coordinator-agenda.ts';
import './home.css';

/** Each list shows its first few; the school's page has them all. */
const SHOWN = 8;

function AgendaCard({ title, testId, empty, all, children }: { title: string; testId: string; empty: string; all: string; children: ReactNode[] }) {
  return (
    <Card size="small" title={<CardHeading>{title}</CardHeading>} data-testid={testId}>
      {children.length === 0 ? <p className="role-home__empty">{empty}</p> : <ul className="role-home__list">{children.slice(0, SHOWN)}</ul>}
      {children.length > SHOWN ? (
        <p className="role-home__detail">
          <Link to={all}>and {children.length - SHOWN} more</Link>
        </p>
      ) : null}
    </Card>
  );
}

/** One school's work to do: reviews due, final plans a teacher has not acknowledged, and students whose log has gaps. */
function SchoolAgenda({ school }: { school: MySchool }) {
  const students = useSchoolStudents(school.id).data ?? [];
  const plans = usePlans().data ?? [];
  const coverage = useImplementationCoverage(school.id).data ?? [];
  const schoolPage = `/schools/${encodeURIComponent(school.id)}`;
  const lists = `${schoolPage}/follow-through`;
  // One answer for the school (the dashboard's list), not a request per plan.
  const unacknowledged = useSchoolFollowThrough(school.id).data?.unacknowledged ?? [];

  return (
    <section aria-labelledby={`school-${school.id}`} className="role-home">
      <h2 id={`school-${school.id}`} className="role-home__school-title">
        <Link to={schoolPage}>{school.name}</Link>
      </h2>
      <div className="role-home__grid">
        <AgendaCard title="Reviews due" testId="reviews-due" empty="No review is overdue or due within 30 days." all={schoolPage}>
          {reviewsDue(students, plans).map((item) => (
            <li key={item.planId}>
              <Link to={`/plans/${encodeURIComponent(item.planId)}`}>{item.name}</Link>
              <ReviewDue date={item.reviewDate} />
            </li>
          ))}
        </AgendaCard>
        <AgendaCard title="Plans not yet acknowledged" testId="unacknowledged-plans" empty="Every teacher has acknowledged the plans in force." all={`${lists}#unacknowledged`}>
          {unacknowledged.map((plan) => (
            <li key={plan.planId}>
              <Link to={`/plans/${encodeURIComponent(plan.planId)}`}>{plan.studentName}</Link>
              <span className="role-home__detail">{plan.waiting.map((teacher) => teacher.name).join(', ')}</span>
            </li>
          ))}
        </AgendaCard>
        <AgendaCard title="Gaps in the implementation log" testId="log-gaps" empty="Every school day is logged for each plan in force." all={`${lists}#coverage`}>
          {logGaps(students, coverage).map((item) => (
            <li key={item.studentId}>
              <Link to={`/students/${encodeURIComponent(item.studentId)}`}>{item.name}</Link>
              <span className="role-home__detail">
                {item.loggedDays} of {item.schoolDays} school days logged
              </span>
            </li>
          ))}
        </AgendaCard>
      </div>
    </section>
  );
}

/** A coordinator's (or school admin's) home: what needs doing across each school they look after. */
export default function CoordinatorHome({ schools }: { schools: MySchool[] }) {
  const { user } = useCurrentUser();
  return (
    <div className="role-home">
      <PageHeader title="Your schools" description={`Welcome back, ${user?.firstName ?? ''}: what needs doing`} />
      <div className="role-home" data-testid="my-schools">
        {schools.map((school) => (
          <SchoolAgenda key={school.id} school={school} />
        ))}
      </div>
      <PlansToAcknowledge />
    </div>
  );
}
