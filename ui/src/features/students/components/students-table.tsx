import { Button, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate } from 'react-router-dom';
import { gradeLabel } from '@accommodate/shared-events/schemas/student';
import { formatListDate } from '../../../lib/format-date-time.ts';
import { useMediaQuery } from '../../../lib/media-query.ts';
import { ReviewDue } from '../../../components/review-due.tsx';
import { SharedByBadge } from '../../../components/shared-by-badge.tsx';
import { ArchivedBadge } from '../../../components/archived-badge.tsx';
import { permissionsFor } from '../../../lib/student-access.ts';
import { AccommodationChips } from './accommodation-chips.tsx';
import { StudentStatusBadge } from './student-status-badge.tsx';
import type { StudentRow } from './students-list-model.ts';

/** List view; antd paginates, so 2,000 students render 50 rows at a time. */
interface StudentsTableProps {
  rows: StudentRow[];
  /** Ids picked for "Share selected"; only the user's own students have a checkbox. */
  selectedIds?: ReadonlySet<string>;
  onSelectedChange?: (id: string, selected: boolean) => void;
}

/** Where all seven columns fit beside each other; narrower, each row stacks them in one cell. */
const ALL_COLUMNS_FIT = '(min-width: 992px)';

const studentLink = (row: StudentRow) => (
  <span className="students-table__name">
    <Link to={`/students/${encodeURIComponent(row.student.id)}`}>{row.name}</Link>
    <SharedByBadge student={row.student} />
    <ArchivedBadge student={row.student} />
  </span>
);

function EditButton({ row }: { row: StudentRow }) {
  const navigate = useNavigate();
  if (!permissionsFor(row.student.access, row.student.archived).edit) return null;
  return (
    <Button size="small" onClick={() => void navigate(`/students/edit/${encodeURIComponent(row.student.id)}`)}>
      Edit
    </Button>
  );
}

/**
 * Fixed widths (table-layout: fixed), so that every group's table, grouped by grade or status, lines its
 * columns up with the others'; the accommodations take what is left.
 */
const WIDE_COLUMNS: ColumnsType<StudentRow> = [
  { title: 'Name', key: 'name', width: '22%', render: (_, row) => studentLink(row) },
  { title: 'Grade', key: 'grade', width: 112, render: (_, row) => gradeLabel(row.student.grade) },
  { title: 'Status', key: 'status', width: 156, render: (_, row) => <StudentStatusBadge status={row.status} where="list" /> },
  { title: 'Accommodations', key: 'accommodations', render: (_, row) => <AccommodationChips accommodations={row.accommodations} max={2} /> },
  { title: 'Last Updated', key: 'lastUpdated', width: 124, render: (_, row) => formatListDate(row.lastUpdated) },
  { title: 'Review Due', key: 'reviewDue', width: 136, render: (_, row) => <ReviewDue date={row.reviewDue} /> },
  { title: 'Actions', key: 'actions', width: 80, className: 'no-print', render: (_, row) => <EditButton row={row} /> },
];

/** On a phone or tablet every part of a row is in view: name, grade and status, accommodations, then the dates. */
const STACKED_COLUMNS: ColumnsType<StudentRow> = [
  {
    title: 'Student',
    key: 'student',
    render: (_, row) => (
      <div className="students-table__stacked">
        <div className="students-table__stacked-head">
          {studentLink(row)}
          <EditButton row={row} />
        </div>
        <div className="students-table__meta">
          {gradeLabel(row.student.grade)} <StudentStatusBadge status={row.status} where="list" />
        </div>
        <AccommodationChips accommodations={row.accommodations} max={2} />
        <div className="students-table__meta">
          <ReviewDue date={row.reviewDue} prefix="Review due: " />
          <span>Last updated: {formatListDate(row.lastUpdated)}</span>
        </div>
      </div>
    ),
  },
];

export function StudentsTable({ rows, selectedIds, onSelectedChange }: StudentsTableProps) {
  const wide = useMediaQuery(ALL_COLUMNS_FIT);
  return (
    <Table<StudentRow>
      className="students-table"
      rowKey={(row) => row.student.id}
      columns={wide ? WIDE_COLUMNS : STACKED_COLUMNS}
      dataSource={rows}
      size="small"
      tableLayout="fixed"
      rowSelection={
        onSelectedChange
          ? {
              columnWidth: 40,
              selectedRowKeys: rows.filter((row) => selectedIds?.has(row.student.id)).map((row) => row.student.id),
              onSelect: (row, selected) => onSelectedChange(row.student.id, selected),
              onSelectAll: (selected, _rows, changed) => changed.forEach((row) => onSelectedChange(row.student.id, selected)),
              getCheckboxProps: (row) => ({
                disabled: !permissionsFor(row.student.access, row.student.archived).share,
                'aria-label': `Select ${row.name}`,
              }),
            }
          : undefined
      }
      pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
    />
  );
}
