import { Link, useSearchParams } from 'react-router-dom';
import { Empty, Result, Skeleton, Tag } from 'antd';
import { CATEGORY_COLORS, categoryOf } from '@accommodate/shared-events/config/accommodation-categories';
import type { AccommodationRef, ComparedStudent } from '@accommodate/shared-events/schemas/at-a-glance';
import { formatCalendarDate } from '@accommodate/shared-events/schemas/record-display';
import { planStatusLabel } from '@accommodate/shared-events/schemas/plan';
import { gradeLabel } from '@accommodate/shared-events/schemas/student';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useStudentComparison } from '../api/compare-students.ts';
import { StudentStatusBadge } from './student-status-badge.tsx';
import './compare-students.css';

/** The ids of ?ids=a,b,c, as the server reads them. */
const idsFrom = (value: string | null): string[] => [...new Set((value ?? '').split(',').map((id) => id.trim()).filter((id) => id !== ''))];

/** /students/compare?ids=a,b,c: 2 to 4 students side by side, what they share and what each has alone. */
export default function CompareStudentsPage() {
  const [searchParams] = useSearchParams();
  const ids = idsFrom(searchParams.get('ids'));
  const comparison = useStudentComparison(ids);

  if (comparison.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (comparison.isError) {
    const error = comparison.error;
    const refused = error instanceof ApiRequestError ? error : null;
    return (
      <Result
        status={refused?.status === 404 ? '404' : 'warning'}
        title={refused?.status === 404 ? 'Student not found' : (refused?.serverMessage ?? 'Could not compare these students')}
        subTitle={refused?.status === 404 ? 'One of these students is not in your caseload, or no longer shared with you.' : 'Tick 2 to 4 students on a class roster, then Compare.'}
        extra={<Link to="/classes">Back to classes</Link>}
      />
    );
  }

  const { students, shared, only } = comparison.data;
  const sharedIds = new Set(shared.map((accommodation) => accommodation.id));
  return (
    <div className="compare-students">
      <PageHeader title="Compare Students" description={`${students.length} students side by side: what they share and what each has alone`} />
      <section className="compare-students__shared" aria-labelledby="compare-shared">
        <h2 id="compare-shared">Shared by all {students.length}</h2>
        {shared.length === 0 ? <p className="compare-students__none">They have no accommodation in common.</p> : <Chips accommodations={shared} testId="shared-accommodations" />}
      </section>
      <ul className="compare-students__columns">
        {students.map((student) => {
          const alone = only[student.id] ?? [];
          const alsoSome = student.accommodations.filter(
            (accommodation) => !sharedIds.has(accommodation.id) && !alone.some((mine) => mine.id === accommodation.id),
          );
          return (
            <li key={student.id} className="compare-students__column" data-testid="compared-student" aria-label={student.name}>
              <h2 className="compare-students__name">
                <Link to={`/students/${encodeURIComponent(student.id)}`}>{student.name}</Link>
              </h2>
              <div className="compare-students__meta">
                {gradeLabel(student.grade)} <StudentStatusBadge status={student.status} where="list" />
              </div>
              <PlanDates plan={student.plan} />
              <h3>Only {student.name}</h3>
              {alone.length === 0 ? <p className="compare-students__none">Nothing the others don’t have.</p> : <Chips accommodations={alone} testId="only-accommodations" />}
              {alsoSome.length > 0 && (
                <>
                  <h3>Shared with some</h3>
                  <Chips accommodations={alsoSome} />
                </>
              )}
            </li>
          );
        })}
      </ul>
      {students.every((student) => student.accommodations.length === 0) && <Empty description="None of these students has an accommodation in force." />}
    </div>
  );
}

function PlanDates({ plan }: { plan: ComparedStudent['plan'] }) {
  if (!plan) return <p className="compare-students__none">No plan on file</p>;
  return (
    <dl className="compare-students__plan">
      <dt>Plan</dt>
      <dd>{planStatusLabel(plan.status)}</dd>
      <dt>Start date</dt>
      <dd>{formatCalendarDate(plan.startDate)}</dd>
      <dt>Review due</dt>
      <dd>{formatCalendarDate(plan.reviewDate)}</dd>
    </dl>
  );
}

function Chips({ accommodations, testId }: { accommodations: readonly AccommodationRef[]; testId?: string }) {
  return (
    <ul className="compare-students__chips" data-testid={testId}>
      {accommodations.map((accommodation) => (
        <li key={accommodation.id}>
          <Tag color={CATEGORY_COLORS[categoryOf(accommodation)]}>{accommodation.name}</Tag>
        </li>
      ))}
    </ul>
  );
}
