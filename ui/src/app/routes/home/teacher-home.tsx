import dayjs from 'dayjs';
import { Link } from 'react-router-dom';
import { Card } from '../../../components/card.tsx';
import { CardHeading } from '../../../components/card-heading.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useClasses } from '../../../features/classes/api/get-classes.ts';
import { classSummary } from '../../../features/classes/components/class-summary.ts';
import { usePendingAcknowledgements } from '../../../features/acknowledgements/api/acknowledgements.ts';
import { PlansToAcknowledge } from '../../../features/acknowledgements/components/plans-to-acknowledge.tsx';
import { todaysClasses } from './todays-classes.ts';
import './home.css';

/** A school teacher's home: the classes they teach today, each a step from its day log, and the plans to acknowledge. */
export default function TeacherHome() {
  const { user } = useCurrentUser();
  const classes = useClasses();
  const pending = usePendingAcknowledgements();
  const today = dayjs();
  const list = todaysClasses(classes.data ?? [], today.format('YYYY-MM-DD'));
  return (
    <div className="role-home">
      <PageHeader title="Today" description={`${today.format('dddd, MMMM D')} · Welcome back, ${user?.firstName ?? ''}`} />
      <div className="role-home__grid">
        <Card size="small" title={<CardHeading>Today’s classes</CardHeading>} data-testid="todays-classes">
          {classes.isPending ? null : list.length === 0 ? (
            <p className="role-home__empty">
              No classes today. <Link to="/classes">All classes</Link>
            </p>
          ) : (
            <ul className="role-home__list">
              {list.map((each) => (
                <li key={each.id}>
                  <span>
                    <Link to={`/classes/${encodeURIComponent(each.id)}`}>{each.name}</Link>
                    <span className="role-home__detail"> · {classSummary(each, each.studentIds.length)}</span>
                  </span>
                  <Link to={`/implementation/log?classId=${encodeURIComponent(each.id)}`} aria-label={`Log today for ${each.name}`}>
                    Log today
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
        {pending.data?.length === 0 ? (
          <Card size="small" title={<CardHeading>Plans to acknowledge</CardHeading>}>
            <p className="role-home__empty">Every plan you were asked about is acknowledged.</p>
          </Card>
        ) : (
          <PlansToAcknowledge />
        )}
      </div>
    </div>
  );
}
