import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Empty, Result, Segmented, Skeleton, Switch, Tag } from 'antd';
import { CATEGORY_COLORS, categoryOf } from '@accommodate/shared-events/config/accommodation-categories';
import { gradeLabel } from '@accommodate/shared-events/schemas/student';
import { PageHeader } from '../../../components/page-header.tsx';
import { useMediaQuery } from '../../../lib/media-query.ts';
import { formatListDate } from '../../../lib/format-date-time.ts';
import { useClassRoster, useSchoolClass, type RosterStudent } from '../api/get-classes.ts';
import { activeAccommodations, arrangeRoster, rosterColumns, type RosterColumnGroup, type RosterSort } from './roster-model.ts';
import { classSummary } from './class-summary.ts';
import './class-roster.css';

/** /classes/:id: what each student in the room needs, at a glance (issue 24). */
export default function ClassRosterPage() {
  const { id = '' } = useParams();
  const schoolClass = useSchoolClass(id);
  const roster = useClassRoster(id);
  const [sort, setSort] = useState<RosterSort>('name');
  const [needsToday, setNeedsToday] = useState(false);
  // Below this width a matrix would scroll sideways off screen: each student becomes a card of chips.
  const narrow = useMediaQuery('(max-width: 720px)');

  if (schoolClass.isError || roster.isError) {
    return <Result status="404" title="Class not found" subTitle="It may have been archived, or you no longer teach it." extra={<Link to="/classes">Back to classes</Link>} />;
  }
  if (schoolClass.isPending || roster.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;

  const rows = arrangeRoster(roster.data, sort, needsToday);
  const columns = rosterColumns(roster.data);
  return (
    <div className="class-roster">
      <PageHeader title={schoolClass.data.name} description={classSummary(schoolClass.data, roster.data.length)} />
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
      </div>
      {rows.length === 0 ? (
        <Empty description={roster.data.length === 0 ? 'No students are enrolled in this class yet.' : 'No student in this class has an accommodation in force.'} />
      ) : narrow ? (
        <RosterCards rows={rows} />
      ) : (
        <RosterMatrix rows={rows} columns={columns} />
      )}
    </div>
  );
}

const StudentName = ({ row }: { row: RosterStudent }) => (
  <Link to={`/students/${encodeURIComponent(row.student.id)}`} className="class-roster__name">
    {row.student.name}
  </Link>
);

const planDates = (row: RosterStudent) => (row.plan?.reviewDate ? `Review ${formatListDate(row.plan.reviewDate)}` : 'No plan');

function RosterMatrix({ rows, columns }: { rows: RosterStudent[]; columns: RosterColumnGroup[] }) {
  return (
    <div className="class-roster__scroll">
      <table className="class-roster__matrix" data-testid="roster-matrix">
        <caption className="visually-hidden">Students down, accommodations across; a dot where the student has it</caption>
        <thead>
          <tr>
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

function RosterCards({ rows }: { rows: RosterStudent[] }) {
  return (
    <ul className="class-roster__cards">
      {rows.map((row) => (
        <li key={row.student.id} className="class-roster__card" data-testid="roster-row">
          <StudentName row={row} />
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
