import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Empty, Result, Row, Skeleton } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { CATEGORY_COLORS, categoryLabel, categoryOf } from '@accommodate/shared-events/config/accommodation-categories';
import { GRADES, gradeLabel } from '@accommodate/shared-events/schemas/student';
import { PageHeader } from '../../../components/page-header.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { formatListDate } from '../../../lib/format-date-time.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useAccommodationUsage, usageQuery, type AccommodationUsage, type UsageFilter } from '../../../features/accommodations/api/get-accommodation-usage.ts';
import { useClasses } from '../../../features/classes/api/get-classes.ts';
import { printAccommodationUsage } from '../../../features/access-log/api/record-print.ts';
import './at-a-glance-page.css';

const ALL = '';
const studentsLabel = (count: number) => `${count} student${count === 1 ? '' : 's'}`;

/**
 * /accommodations/at-a-glance: grouping by type. For each accommodation in force, the students of my
 * caseload who have it, most common first, narrowed by class (accommodations) and grade; prints as a list, and the
 * print is in each listed student's access log (access-log). The filter lives in the URL: ids and a grade only.
 */
export default function AtAGlancePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter: UsageFilter = { classId: searchParams.get('classId') ?? undefined, grade: searchParams.get('grade') ?? undefined };
  const usage = useAccommodationUsage(filter);
  const classes = useClasses();
  const activeClasses = (classes.data ?? []).filter((schoolClass) => schoolClass.status === 'active');
  const className = activeClasses.find((schoolClass) => schoolClass.id === filter.classId)?.name;

  const setFilter = (key: keyof UsageFilter, value: string) =>
    setSearchParams((params) => {
      if (value === ALL) params.delete(key);
      else params.set(key, value);
      return params;
    }, { replace: true });

  const entries = useMemo(() => usage.data ?? [], [usage.data]);
  const studentCount = useMemo(() => new Set(entries.flatMap((entry) => entry.students.map((student) => student.id))).size, [entries]);
  const scope = [className ?? (filter.classId ? 'One class' : 'All my students'), filter.grade ? gradeLabel(filter.grade) : null].filter(Boolean).join(' · ');

  return (
    <div className="at-a-glance">
      <PageHeader
        title="Accommodations at a Glance"
        description="Each accommodation in force and the students who have it, most common first"
        actions={
          <Button type="primary" icon={<PrinterOutlined />} disabled={entries.length === 0} onClick={() => void printAccommodationUsage(usageQuery(filter))}>
            Print
          </Button>
        }
      />
      <Row gutter={[16, 12]} className="at-a-glance__filters" role="group" aria-label="Filter students">
        {activeClasses.length > 0 && (
          <FilterSelect
            label="Class"
            value={filter.classId ?? ALL}
            onChange={(classId) => setFilter('classId', classId)}
            options={[{ value: ALL, label: 'All Classes' }, ...activeClasses.map((schoolClass) => ({ value: schoolClass.id, label: schoolClass.name }))]}
          />
        )}
        <FilterSelect
          label="Grade"
          value={filter.grade ?? ALL}
          onChange={(grade) => setFilter('grade', grade)}
          options={[{ value: ALL, label: 'All Grades' }, ...GRADES.map((grade) => ({ value: grade, label: gradeLabel(grade) }))]}
        />
      </Row>
      {usage.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : usage.isError ? (
        usage.error instanceof ApiRequestError && usage.error.status === 404 ? (
          <Result status="404" title="Class not found" subTitle="It may have been archived, or you no longer teach it." extra={<Link to="/accommodations/at-a-glance">Show all my students</Link>} />
        ) : (
          <Result status="error" title="Could not load the accommodations at a glance" subTitle={usage.error.message} />
        )
      ) : entries.length === 0 ? (
        <Empty description={filter.classId || filter.grade ? 'No student here has an accommodation in force.' : 'No student in your caseload has an accommodation in force yet.'} />
      ) : (
        <>
          <p className="at-a-glance__summary">
            {scope} · {entries.length} accommodation{entries.length === 1 ? '' : 's'} · {studentsLabel(studentCount)}
            <span className="at-a-glance__print-only"> · as of {formatListDate(new Date().toISOString())}</span>
          </p>
          <ol className="at-a-glance__list">
            {entries.map((entry) => (
              <UsageEntry key={entry.accommodation.id} entry={entry} />
            ))}
          </ol>
          <p className="at-a-glance__print-only at-a-glance__confidential">Confidential: student education record (FERPA)</p>
        </>
      )}
    </div>
  );
}

function UsageEntry({ entry }: { entry: AccommodationUsage }) {
  const category = categoryOf(entry.accommodation);
  const headingId = `usage-${entry.accommodation.id}`;
  return (
    <li className="at-a-glance__entry" aria-labelledby={headingId} data-testid="usage-entry">
      <div className="at-a-glance__title">
        <span className="at-a-glance__swatch" style={{ background: CATEGORY_COLORS[category] }} aria-hidden />
        <h2 id={headingId} className="at-a-glance__heading">
          {entry.accommodation.name}: {studentsLabel(entry.count)}
        </h2>
        <span className="at-a-glance__category">{categoryLabel(category)}</span>
      </div>
      <ul className="at-a-glance__students">
        {entry.students.map((student) => (
          <li key={student.id}>
            <Link to={`/students/${encodeURIComponent(student.id)}`}>{student.name}</Link>
            <span className="at-a-glance__grade"> ({gradeLabel(student.grade)})</span>
          </li>
        ))}
      </ul>
    </li>
  );
}
