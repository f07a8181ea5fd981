import { lazy, Suspense, useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { DashboardFigures, SchoolFigures } from '@accommodate/shared-events/schemas/district-dashboard';
import { PageHeader } from '../../../components/page-header.tsx';
import { Card } from '../../../components/card.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { formatListDate } from '../../../lib/format-date-time.ts';
import { percentLogged } from '../../../lib/percent-logged.ts';
import { useDistrictDashboard } from '../api/get-district-dashboard.ts';
import { DashboardLoadFailure } from './dashboard-load-failure.tsx';
import './district-dashboard-page.css';

// The chart library comes with the chart only: neither this page's first paint nor any other route carries it.
const AccommodationsChart = lazy(() => import('./accommodations-chart.tsx'));

type CountKey = 'students' | 'studentsWithActivePlan' | 'reviewsDueWithin30Days' | 'overdueReviews' | 'studentsWithoutAccommodations' | 'staff';
const COLUMNS: { key: CountKey; label: string }[] = [
  { key: 'students', label: 'Students' },
  { key: 'studentsWithActivePlan', label: 'With an active plan' },
  { key: 'reviewsDueWithin30Days', label: 'Reviews due within 30 days' },
  { key: 'overdueReviews', label: 'Overdue reviews' },
  { key: 'studentsWithoutAccommodations', label: 'Without accommodations' },
  { key: 'staff', label: 'Staff' },
];
const UNACKNOWLEDGED = 'Plans not acknowledged (oldest)';
const LOGGED = 'School days logged';
const TOTAL = '';

/** A school's figure opens the list behind it; the district's total has no one list. */
function Opens({ schoolId, list, children }: { schoolId?: string | undefined; list: string; children: string }) {
  return schoolId === undefined ? <>{children}</> : <Link to={`/schools/${encodeURIComponent(schoolId)}/follow-through#${list}`}>{children}</Link>;
}

function FiguresRow({ name, figures, schoolId, total }: { name: string; figures: DashboardFigures; schoolId?: string; total?: boolean }) {
  const Cell = total ? 'th' : 'td';
  const oldest = figures.oldestUnacknowledgedSince;
  return (
    <tr>
      <th scope="row">{name}</th>
      {COLUMNS.map((column) => (
        <Cell
          key={column.key}
          data-label={column.label}
          className={column.key === 'overdueReviews' && figures.overdueReviews > 0 ? 'district-dashboard__overdue' : undefined}
        >
          {figures[column.key]}
        </Cell>
      ))}
      <Cell data-label={UNACKNOWLEDGED}>
        <Opens schoolId={schoolId} list="unacknowledged">
          {oldest === null ? String(figures.unacknowledgedPlans) : `${figures.unacknowledgedPlans} (${formatListDate(oldest.slice(0, 10))})`}
        </Opens>
      </Cell>
      <Cell data-label={LOGGED}>
        <Opens schoolId={schoolId} list="coverage">
          {figures.plansInForce === 0 ? 'No plan in force' : figures.schoolDays === 0 ? 'No school day yet' : `${percentLogged(figures)} % of ${figures.schoolDays}`}
        </Opens>
      </Cell>
    </tr>
  );
}

function MostUsed({ schools, total }: { schools: readonly SchoolFigures[]; total: DashboardFigures }) {
  const [schoolId, setSchoolId] = useState(TOTAL);
  const selectId = useId();
  const school = schools.find((each) => each.id === schoolId);
  const shown = school ?? total;
  const scope = school ? school.name : 'All schools';
  return (
    <Card title={<h2 className="district-dashboard__card-title">Most used accommodations</h2>}>
      <p className="district-dashboard__scope">
        <label htmlFor={selectId}>School</label>
        <select id={selectId} value={schoolId} onChange={(event) => setSchoolId(event.target.value)}>
          <option value={TOTAL}>All schools</option>
          {schools.map((each) => <option key={each.id} value={each.id}>{each.name}</option>)}
        </select>
      </p>
      {shown.topAccommodations.length === 0 ? (
        <p className="district-dashboard__empty">No student of {school ? school.name : 'the district'} has an accommodation yet.</p>
      ) : (
        <Suspense fallback={<PageLoader label="Loading the chart" />}>
          <AccommodationsChart accommodations={shown.topAccommodations} label={`The ten most used accommodations, ${scope}`} />
        </Suspense>
      )}
    </Card>
  );
}

/**
 * /districts/:id/dashboard: a row per school with its figures and the district's total, and the most used
 * accommodations as a bar chart. It refetches when a `district` poke says a figure moved.
 */
export default function DistrictDashboardPage() {
  const { id = '' } = useParams();
  const { data, error, isLoading } = useDistrictDashboard(id);
  if (error) {
    return (
      <DashboardLoadFailure
        className="district-dashboard"
        hidden={error instanceof ApiRequestError && error.status === 404}
        hiddenTitle="District not found"
        whoSees="Only the district's administrators see its dashboard."
        failedTitle="The district dashboard could not be loaded"
      />
    );
  }
  if (isLoading || !data) return <PageLoader label="Loading the district dashboard" />;
  return (
    <div className="district-dashboard">
      <PageHeader title={`${data.district.name}: District Dashboard`} description={`Every school’s students, plans, reviews, acknowledgements and days logged as of ${formatListDate(data.today)}`} />
      <Card title={<h2 className="district-dashboard__card-title">Schools</h2>}>
        {data.schools.length === 0 ? (
          <p className="district-dashboard__empty">The district has no school yet.</p>
        ) : (
          <div className="district-dashboard__scroll" role="region" aria-label="Figures per school" tabIndex={0}>
            <table className="district-dashboard__table">
              <thead>
                <tr>
                  <th scope="col">School</th>
                  {COLUMNS.map((column) => <th key={column.key} scope="col">{column.label}</th>)}
                  <th scope="col">{UNACKNOWLEDGED}</th>
                  <th scope="col">{LOGGED}</th>
                </tr>
              </thead>
              <tbody>
                {data.schools.map((school) => <FiguresRow key={school.id} name={school.name} figures={school} schoolId={school.id} />)}
              </tbody>
              <tfoot>
                <FiguresRow name="All schools" figures={data.total} total />
              </tfoot>
            </table>
          </div>
        )}
      </Card>
      <MostUsed schools={data.schools} total={data.total} />
    </div>
  );
}
