import { Alert, Button, Empty, Result, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import dayjs from 'dayjs';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useImplementationDay, useMyClasses, type DaySource, type ImplementationEntryInput } from '../api/implementation-log-api.ts';
import { shownNameOf, useImplementationQueue } from '../api/use-implementation-queue.ts';
import type { QueuedEntry } from '../api/offline-queue.ts';
import { RefusedEntries } from './refused-entries.tsx';
import { StudentDayCard } from './student-day-card.tsx';
import { useOnline } from './use-online.ts';
import { periodLabel } from '../../../lib/class-labels.ts';
import './implementation-log.css';

const entries = (count: number) => `${count} entr${count === 1 ? 'y' : 'ies'}`;

/**
 * The day view of the implementation log, for a phone in a classroom: a class's students (or the teacher's
 * own caseload, without a class) and their accommodations for a day, all provided in one tap, then the exceptions.
 * Taps are kept in the browser first and sent when they can be, so a lost connection loses nothing.
 */
export default function DayViewPage() {
  const [params, setParams] = useSearchParams();
  const classId = params.get('classId') ?? '';
  const source: DaySource = classId !== '' ? { classId } : params.get('caseload') === '1' ? 'caseload' : null;
  const sourceParams: Record<string, string> = classId !== '' ? { classId } : { caseload: '1' };
  const today = dayjs().format('YYYY-MM-DD');
  const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : today;
  const { user } = useCurrentUser();
  const { waiting, refused, add, dismiss } = useImplementationQueue(user?.id ?? null);
  const online = useOnline();
  const day = useImplementationDay(source, date);

  if (source === null) return <ChooseDay />;

  const nameOf = (studentId: string) => shownNameOf(studentId) ?? day.data?.students.find((row) => row.student.id === studentId)?.student.name ?? 'A student';
  const accommodationOf = (studentId: string, accommodationId: string) =>
    day.data?.students.find((row) => row.student.id === studentId)?.accommodations.find((accommodation) => accommodation.id === accommodationId)?.name;
  const waitingFor = (studentId: string, accommodationId: string) =>
    waiting.find((queued) => queued.studentId === studentId && queued.entry.date === date && queued.entry.accommodationId === accommodationId)?.entry;
  const shownFor = (studentId: string) => (accommodationId: string) =>
    waitingFor(studentId, accommodationId) ?? day.data?.students.find((row) => row.student.id === studentId)?.entries.find((entry) => entry.accommodationId === accommodationId);
  const log = (studentId: string, studentName: string) => (logged: ImplementationEntryInput[]) => add(logged.map((entry) => ({ studentId, studentName, entry })));
  const everyoneProvided: (QueuedEntry & { studentName: string })[] = (day.data?.students ?? [])
    .filter((row) => row.canLog)
    .flatMap((row) =>
      row.accommodations
        .filter((accommodation) => accommodation.status === 'active' && shownFor(row.student.id)(accommodation.id) === undefined)
        .map((accommodation) => ({ studentId: row.student.id, studentName: row.student.name, entry: { date, accommodationId: accommodation.id, outcome: 'provided' as const } })),
    );

  return (
    <div className="implog">
      <PageHeader title="Implementation Log" description="What each student's accommodations were today: mark all provided, then the exceptions." />
      <DaySourceLine source={source} />
      <div className="implog__bar">
        <label className="implog__date">
          Date
          <input type="date" value={date} max={today} onChange={(event) => event.target.value && setParams({ ...sourceParams, date: event.target.value })} />
        </label>
        <Button type="primary" className="implog-big" disabled={everyoneProvided.length === 0} onClick={() => add(everyoneProvided)}>
          Mark everyone provided
        </Button>
      </div>
      <p className="implog__status" role="status" aria-live="polite">
        {waiting.length > 0
          ? `${entries(waiting.length)} waiting to be sent${online ? '…' : ': you are offline, they will be sent when the connection returns.'}`
          : refused.length > 0
            ? `${entries(refused.length)} not saved: the server refused ${refused.length === 1 ? 'it' : 'them'}.`
            : 'Every entry is saved.'}
      </p>
      <RefusedEntries refused={refused} nameOf={nameOf} accommodationOf={accommodationOf} onDismiss={dismiss} />
      {day.isPending && day.fetchStatus !== 'idle' ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : day.error && !day.data ? (
        <Result status="warning" title={source === 'caseload' ? 'Could not load your caseload' : 'Could not load the class'} subTitle={online ? day.error.message : 'You are offline. Open the day while connected, then keep logging.'} />
      ) : day.data && day.data.students.length === 0 ? (
        <Empty description={source === 'caseload' ? 'No students on your own caseload to log for. Students you teach through a class are in that class’s day.' : 'No students in this class that you can see.'} />
      ) : (
        <div className="implog__students">
          {day.data?.students.map((row) => <StudentDayCard key={row.student.id} row={row} date={date} shown={shownFor(row.student.id)} onLog={log(row.student.id, row.student.name)} />)}
        </div>
      )}
    </div>
  );
}

/** Whose day this is (the class by name, or the caseload), and the way back to choose another. */
function DaySourceLine({ source }: { source: Exclude<DaySource, null> }) {
  return (
    <p className="implog__source">
      <strong>{source === 'caseload' ? 'My caseload' : <ClassName classId={source.classId} />}</strong> · <Link to="/implementation/log">Choose another class or your caseload</Link>
    </p>
  );
}

function ClassName({ classId }: { classId: string }) {
  const classes = useMyClasses();
  return <>{classes.data?.find((each) => each.id === classId)?.name ?? 'Class'}</>;
}

/** Whose day to log: the teacher's own caseload (no class needed), or one of their active classes. */
function ChooseDay() {
  const classes = useMyClasses();
  const active = (classes.data ?? []).filter((each) => each.status === 'active');
  return (
    <div className="implog">
      <PageHeader title="Implementation Log" description="Choose your caseload or a class to log today's accommodations." />
      <ul className="implog__classes">
        <li>
          <Link className="implog-big implog__class-link" to="/implementation/log?caseload=1">
            My caseload
          </Link>
        </li>
        {active.map((each) => (
          <li key={each.id}>
            <Link className="implog-big implog__class-link" to={`/implementation/log?classId=${encodeURIComponent(each.id)}`}>
              {each.name}
              {each.period ? ` · ${periodLabel(each.period)}` : ''}
            </Link>
          </li>
        ))}
      </ul>
      {classes.isPending ? (
        <Skeleton active />
      ) : active.length === 0 ? (
        <Alert className="implog__no-classes" type="info" showIcon title="You have no active classes yet: log for your caseload, or create a class." description={<Link to="/classes">Create a class</Link>} />
      ) : null}
    </div>
  );
}
