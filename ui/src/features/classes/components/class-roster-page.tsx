import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button, Checkbox, Empty, Result, Segmented, Skeleton, Switch, Tag } from 'antd';
import { AppstoreOutlined, CheckSquareOutlined, FileDoneOutlined, PrinterOutlined, SwapOutlined } from '@ant-design/icons';
import { CATEGORY_COLORS, categoryOf } from '@accommodate/shared-events/config/accommodation-categories';
import { gradeLabel } from '@accommodate/shared-events/schemas/student';
import { COMPARE_MAX, COMPARE_MIN } from '@accommodate/shared-events/schemas/at-a-glance';
import { PageHeader } from '../../../components/page-header.tsx';
import { useMediaQuery } from '../../../lib/media-query.ts';
import { formatListDate } from '../../../lib/format-date-time.ts';
import { useClassRoster, useSchoolClass, type RosterStudent } from '../api/get-classes.ts';
import { activeAccommodations, arrangeRoster, mayCompare, rosterColumns, type RosterColumnGroup, type RosterSort } from './roster-model.ts';
import { classSummary } from './class-summary.ts';
import { printClassRoster } from '../api/print-roster.ts';
import './class-roster.css';

/** /classes/:id: what each student in the room needs, at a glance. */
export default function ClassRosterPage() {
  const { id = '' } = useParams();
  const schoolClass = useSchoolClass(id);
  const roster = useClassRoster(id);
  const [sort, setSort] = useState<RosterSort>('name');
  const [needsToday, setNeedsToday] = useState(false);
  // Ticked for Compare, in the order ticked: the comparison shows them so.
  const [ticked, setTicked] = useState<string[]>([]);
  const navigate = useNavigate();
  // Below this width a matrix would scroll sideways off screen: each student becomes a card of chips.
  const narrow = useMediaQuery('(max-width: 720px)');

  if (schoolClass.isError || roster.isError) {
    return <Result status="404" title="Class not found" subTitle="It may have been archived, or you no longer teach it." extra={<Link to="/classes">Back to classes</Link>} />;
  }
  if (schoolClass.isPending || roster.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;

  const rows = arrangeRoster(roster.data, sort, needsToday);
  const columns = rosterColumns(roster.data);
  // Compare takes the ticked students on screen: not one who left the class (a live update) or whom 'Needs today' hides.
  const tickedOnScreen = ticked.filter((studentId) => rows.some((row) => row.student.id === studentId));
  const selection: RosterSelection = {
    isTicked: (studentId) => tickedOnScreen.includes(studentId),
    toggle: (studentId, on) => setTicked((now) => [...now.filter((other) => other !== studentId), ...(on ? [studentId] : [])]),
  };
  const compare = () => void navigate(`/students/compare?ids=${tickedOnScreen.map(encodeURIComponent).join(',')}`);
  return (
    <div className="class-roster">
      <PageHeader
        title={schoolClass.data.name}
        description={classSummary(schoolClass.data, roster.data.length)}
        actions={
          <>
            {/* The same students grouped the other way: each accommodation and who in this class has it. */}
            <Button icon={<AppstoreOutlined />} onClick={() => void navigate(`/accommodations/at-a-glance?classId=${encodeURIComponent(id)}`)}>
              By Accommodation
            </Button>
            {/* The day view of the implementation log: what each student got today, marked in a tap. */}
            <Button icon={<CheckSquareOutlined />} disabled={roster.data.length === 0} onClick={() => void navigate(`/implementation/log?classId=${encodeURIComponent(id)}`)}>
              Log today
            </Button>
            <Button icon={<PrinterOutlined />} disabled={roster.data.length === 0} onClick={() => void printClassRoster(id)}>
              Print
            </Button>
            {/* The proctor's list for state and district tests, its own printable page. */}
            <Button icon={<FileDoneOutlined />} onClick={() => void navigate(`/classes/${encodeURIComponent(id)}/testing-day`)}>
              Testing day
            </Button>
          </>
        }
      />
      {/* On paper only: when, and what the page is. */}
      <p className="class-roster__print-only">
        Printed {formatListDate(new Date().toISOString())} · Confidential: student education record (FERPA)
      </p>
      <div className="class-roster__controls" role="group" aria-label="Roster view">
        <Segmented<RosterSort>
          aria-label="Sort students"
          value={sort}
          onChange={setSort}
          options={[
            { value: 'name', label: 'By name' },
            { value: 'count', label: 'Most accommodations' },
          ]}
        />
        <label className="class-roster__toggle">
          <Switch checked={needsToday} onChange={setNeedsToday} aria-label="Needs today" /> Needs today
        </label>
        <span className="class-roster__compare">
          <Button icon={<SwapOutlined />} disabled={!mayCompare(tickedOnScreen.length)} onClick={compare}>
            Compare{tickedOnScreen.length > 0 ? ` (${tickedOnScreen.length})` : ''}
          </Button>
          <span className="class-roster__meta" aria-live="polite">
            {mayCompare(tickedOnScreen.length) ? null : `Tick ${COMPARE_MIN} to ${COMPARE_MAX} students to compare`}
          </span>
        </span>
      </div>
      {rows.length === 0 ? (
        <Empty description={roster.data.length === 0 ? 'No students are enrolled in this class yet.' : 'No student in this class has an accommodation in force.'} />
      ) : narrow ? (
        <RosterCards rows={rows} selection={selection} />
      ) : (
        <RosterMatrix rows={rows} columns={columns} selection={selection} />
      )}
    </div>
  );
}

const StudentName = ({ row }: { row: RosterStudent }) => (
  <Link to={`/students/${encodeURIComponent(row.student.id)}`} className="class-roster__name">
    {row.student.name}
  </Link>
);

interface RosterSelection {
  isTicked: (studentId: string) => boolean;
  toggle: (studentId: string, on: boolean) => void;
}

const CompareTick = ({ row, selection }: { row: RosterStudent; selection: RosterSelection }) => (
  <Checkbox
    className="class-roster__tick"
    checked={selection.isTicked(row.student.id)}
    onChange={(event) => selection.toggle(row.student.id, event.target.checked)}
    aria-label={`Select ${row.student.name} to compare`}
  />
);

const planDates = (row: RosterStudent) => (row.plan?.reviewDate ? `Review ${formatListDate(row.plan.reviewDate)}` : 'No plan');

function RosterMatrix({ rows, columns, selection }: { rows: RosterStudent[]; columns: RosterColumnGroup[]; selection: RosterSelection }) {
  return (
    <div className="class-roster__scroll">
      <table className="class-roster__matrix" data-testid="roster-matrix">
        <caption className="visually-hidden">Students down, accommodations across; a dot where the student has it</caption>
        <thead>
          <tr>
            <td rowSpan={2} className="class-roster__tick-cell" />
            <td rowSpan={2} />
            {columns.map((group) => (
              <th key={group.category} scope="colgroup" colSpan={group.accommodations.length} className="class-roster__group" style={{ borderColor: group.color, color: group.color }}>
                {group.label}
              </th>
            ))}
          </tr>
          <tr>
            {columns.flatMap((group) =>
              group.accommodations.map((accommodation) => (
                <th key={accommodation.id} scope="col" className="class-roster__accommodation">
                  <span>{accommodation.name}</span>
                </th>
              )),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const has = new Set(activeAccommodations(row).map((accommodation) => accommodation.id));
            return (
              <tr key={row.student.id} data-testid="roster-row">
                <td className="class-roster__tick-cell">
                  <CompareTick row={row} selection={selection} />
                </td>
                <th scope="row">
                  <StudentName row={row} />
                  <div className="class-roster__meta">
                    {gradeLabel(row.student.grade)} · {planDates(row)}
                  </div>
                </th>
                {columns.flatMap((group) =>
                  group.accommodations.map((accommodation) => (
                    <td key={accommodation.id} className="class-roster__cell">
                      {has.has(accommodation.id) ? (
                        <span className="class-roster__dot" style={{ background: group.color }} role="img" aria-label={accommodation.name} title={accommodation.name} />
                      ) : null}
                    </td>
                  )),
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function RosterCards({ rows, selection }: { rows: RosterStudent[]; selection: RosterSelection }) {
  return (
    <ul className="class-roster__cards">
      {rows.map((row) => (
        <li key={row.student.id} className="class-roster__card" data-testid="roster-row">
          <div className="class-roster__card-name">
            <CompareTick row={row} selection={selection} />
            <StudentName row={row} />
          </div>
          <div className="class-roster__meta">
            {gradeLabel(row.student.grade)} · {planDates(row)}
          </div>
          <div className="class-roster__chips">
            {activeAccommodations(row).length === 0 ? (
              <span className="class-roster__meta">No accommodations</span>
            ) : (
              activeAccommodations(row).map((accommodation) => (
                <Tag key={accommodation.id} color={CATEGORY_COLORS[categoryOf(accommodation)]}>
                  {accommodation.name}
                </Tag>
              ))
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
