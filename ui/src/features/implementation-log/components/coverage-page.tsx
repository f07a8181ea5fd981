import { Empty, Progress, Result, Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatListDate } from '../../../lib/format-date-time.ts';
import { useCaseloadStudents, useImplementationCoverage } from '../api/implementation-log-api.ts';
import { percentLogged } from '../../../lib/percent-logged.ts';
import './implementation-log.css';


/**
 * For the caseload's owner: per student, the share of school days (Monday to Friday) since the current
 * plan started that have any implementation log entry: where the evidence is thin, before a hearing asks for it.
 */
export default function CoveragePage() {
  const coverage = useImplementationCoverage();
  const students = useCaseloadStudents();
  const names = new Map((students.data ?? []).map((student) => [student.id, student.name]));
  const rows = (coverage.data ?? [])
    .map((row) => ({ ...row, name: names.get(row.studentId) ?? 'Student' }))
    .sort((a, b) => percentLogged(a) - percentLogged(b) || a.name.localeCompare(b.name));
  return (
    <div className="implog">
      <PageHeader
        title="Implementation Coverage"
        description="For each of your students, the share of school days since the plan started with any implementation log entry."
        actions={
          <Link to="/implementation/log" className="implog-tab__link">
            Log today
          </Link>
        }
      />
      {coverage.isPending || students.isPending ? (
        <Skeleton active />
      ) : coverage.error ? (
        <Result status="error" title="Could not load the coverage" subTitle={coverage.error.message} />
      ) : rows.length === 0 ? (
        <Empty description="No students of your own yet." />
      ) : (
        <table className="implog-coverage">
          <thead>
            <tr>
              <th scope="col">Student</th>
              <th scope="col">Plan start</th>
              <th scope="col">Days logged</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.studentId}>
                <th scope="row">
                  <Link to={`/students/${encodeURIComponent(row.studentId)}?tab=implementation`}>{row.name}</Link>
                </th>
                <td>{row.since ? formatListDate(row.since) : 'No current plan'}</td>
                <td>
                  {row.schoolDays === 0 ? (
                    '—'
                  ) : (
                    <div className="implog-coverage__share">
                      <Progress percent={percentLogged(row)} size="small" aria-label={`${row.name}: ${row.loggedDays} of ${row.schoolDays} school days logged`} />
                      <span>
                        {row.loggedDays} of {row.schoolDays} days
                      </span>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
