import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';
import { Card } from '../../../components/card.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { formatListDate } from '../../../lib/format-date-time.ts';
import { useSchoolFollowThrough } from '../api/get-school-follow-through.ts';
import { percentLogged } from '../../../lib/percent-logged.ts';
import { DashboardLoadFailure } from './dashboard-load-failure.tsx';
import './school-follow-through-page.css';

/**
 * /schools/:id/follow-through: the lists behind a school's figures on the district dashboard, for its coordinators
 * and administrators and the district's admins: the final plans a teacher has not acknowledged yet (oldest first), and
 * per plan in force the school days logged (the lowest share first).
 */
export default function SchoolFollowThroughPage() {
  const { id = '' } = useParams();
  const { data, error, isLoading } = useSchoolFollowThrough(id);
  const { hash } = useLocation();
  // The dashboard's figure names the list it opens: shown once the lists are there.
  const loaded = data !== undefined;
  useEffect(() => {
    if (loaded && hash.length > 1) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [loaded, hash]);
  if (error) {
    return (
      <DashboardLoadFailure
        className="follow-through"
        hidden={error instanceof ApiRequestError && (error.status === 404 || error.status === 403)}
        hiddenTitle="School not found"
        whoSees="Only the school’s coordinators and administrators and the district’s admins see these lists."
        failedTitle="The school’s lists could not be loaded"
      />
    );
  }
  if (isLoading || !data) return <PageLoader label="Loading the school’s lists" />;
  return (
    <div className="follow-through">
      <PageHeader title={`${data.school.name}: acknowledgements and the log`} description={`Plans in force and their school days, as of ${formatListDate(data.today)}`} />
      <Card id="unacknowledged" title={<h2 className="follow-through__title">Awaiting acknowledgement</h2>}>
        {data.unacknowledged.length === 0 ? (
          <p className="follow-through__empty">Every teacher asked has acknowledged the final plans in force.</p>
        ) : (
          <ul className="follow-through__list" data-testid="unacknowledged-list">
            {data.unacknowledged.map((plan) => (
              <li key={plan.planId}>
                <Link to={`/plans/${encodeURIComponent(plan.planId)}`}>{plan.studentName}</Link>
                <span className="follow-through__detail">
                  Version {plan.version}, waiting since {formatListDate(plan.since.slice(0, 10))}: {plan.waiting.map((teacher) => teacher.name).join(', ')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card id="coverage" title={<h2 className="follow-through__title">School days logged</h2>}>
        {data.coverage.length === 0 ? (
          <p className="follow-through__empty">No student of the school has a plan in force.</p>
        ) : (
          <ul className="follow-through__list" data-testid="coverage-list">
            {data.coverage.map((row) => (
              <li key={row.studentId}>
                <Link to={`/students/${encodeURIComponent(row.studentId)}`}>{row.studentName}</Link>
                <span className="follow-through__detail">
                  {row.schoolDays === 0
                    ? `No school day yet since ${formatListDate(row.since)}`
                    : `${row.loggedDays} of ${row.schoolDays} school days logged (${percentLogged(row)} %) since ${formatListDate(row.since)}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
