import { Alert, Button, Empty, Skeleton } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import dayjs from 'dayjs';
import type { StudentAccommodation } from '@accommodate/shared-events/schemas/student';
import { implementationCsvUrl, useStudentImplementationLog } from '../api/implementation-log-api.ts';
import { cellLevel, weekCells, weeksShown, type WeekCell } from './heat-map-model.ts';
import './implementation-log.css';

const weekLabel = (week: string) => dayjs(week).format('MMM D');
const describe = (cell: WeekCell) =>
  cell.entries === 0
    ? `Week of ${weekLabel(cell.week)}: no entries`
    : cell.due === 0
      ? `Week of ${weekLabel(cell.week)}: not due (absent or not needed)`
      : `Week of ${weekLabel(cell.week)}: provided ${cell.provided} of ${cell.due} times`;

export interface StudentImplementationTabProps {
  studentId: string;
  accommodations: readonly StudentAccommodation[];
  /** Whether the caller may log (the day view's link); an auditor only reads. */
  canLog: boolean;
}

/**
 * The student's implementation log: per accommodation, the provided share per week as a heat-map, the weeks
 * without any entry marked as gaps, and the entries as CSV (an export, in the access log).
 */
export function StudentImplementationTab({ studentId, accommodations, canLog }: StudentImplementationTabProps) {
  const log = useStudentImplementationLog(studentId);
  if (log.isPending) return <Skeleton active />;
  if (log.error) return <Alert type="error" showIcon title="Could not load the implementation log" description={log.error.message} />;
  const entries = log.data;
  const weeks = weeksShown(entries, dayjs().format('YYYY-MM-DD'));
  return (
    <div className="implog-tab">
      <div className="implog-tab__actions">
        <Button icon={<DownloadOutlined />} href={implementationCsvUrl(studentId)} disabled={entries.length === 0} className="implog-big">
          Export CSV
        </Button>
        {canLog ? (
          <Link to="/implementation/log" className="implog-tab__link">
            Log a day
          </Link>
        ) : null}
      </div>
      <p className="implog-tab__legend">
        Each square is a week (Monday to Friday), darker the more often the accommodation was provided when due. Outlined squares are weeks with no entries.
      </p>
      {accommodations.length === 0 ? <Empty description="No accommodations." /> : null}
      {accommodations.map((accommodation) => (
        <section key={accommodation.id} className="implog-heat" aria-label={accommodation.name}>
          <h3 className="implog-heat__name">{accommodation.name}</h3>
          <ol className="implog-heat__weeks">
            {weekCells(entries, accommodation.id, weeks).map((cell) => (
              <li key={cell.week} className={`implog-heat__cell implog-heat__cell--${cellLevel(cell)}`} title={describe(cell)}>
                <span className="implog-visually-hidden">{describe(cell)}</span>
              </li>
            ))}
          </ol>
          <p className="implog-heat__axis" aria-hidden="true">
            Weeks of {weekLabel(weeks[0]!)} to {weekLabel(weeks.at(-1)!)}
          </p>
        </section>
      ))}
    </div>
  );
}
