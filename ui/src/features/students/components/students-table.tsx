import { Button, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate } from 'react-router-dom';
import { gradeLabel } from '@accommodate/shared-events/schemas/student';
import { formatListDate } from '../../../lib/format-date-time.ts';
import { ReviewDue } from '../../../components/review-due.tsx';
import { SharedByBadge } from '../../../components/shared-by-badge.tsx';
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

export function StudentsTable({ rows, selectedIds, onSelectedChange }: StudentsTableProps) {
  const navigate = useNavigate();
  const columns: ColumnsType<StudentRow> = [
    {
      title: 'Name',
      key: 'name',
      render: (_, row) => (
        <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
          <Link to={`/students/${encodeURIComponent(row.student.id)}`}>{row.name}</Link>
          <SharedByBadge student={row.student} />
        </span>
      ),
    },
    { title: 'Grade', key: 'grade', render: (_, row) => gradeLabel(row.student.grade) },
    { title: 'Status', key: 'status', render: (_, row) => <StudentStatusBadge status={row.status} where="list" /> },
    {
      title: 'Accommodations',
      key: 'accommodations',
      render: (_, row) => <AccommodationChips accommodations={row.accommodations} max={2} />,
    },
    { title: 'Last Updated', key: 'lastUpdated', render: (_, row) => formatListDate(row.lastUpdated) },
    { title: 'Review Due', key: 'reviewDue', render: (_, row) => <ReviewDue date={row.reviewDue} /> },
    {
      title: 'Actions',
      key: 'actions',
      className: 'no-print',
      render: (_, row) =>
        permissionsFor(row.student.access).edit ? (
          <Button size="small" onClick={() => navigate(`/students/edit/${encodeURIComponent(row.student.id)}`)}>
            Edit
          </Button>
        ) : null,
    },
  ];
  return (
    <Table<StudentRow>
      rowKey={(row) => row.student.id}
      columns={columns}
      dataSource={rows}
      size="small"
      scroll={{ x: 'max-content' }}
      rowSelection={
        onSelectedChange
          ? {
              selectedRowKeys: rows.filter((row) => selectedIds?.has(row.student.id)).map((row) => row.student.id),
              onSelect: (row, selected) => onSelectedChange(row.student.id, selected),
              onSelectAll: (selected, _rows, changed) => changed.forEach((row) => onSelectedChange(row.student.id, selected)),
              getCheckboxProps: (row) => ({
                disabled: !permissionsFor(row.student.access).share,
                'aria-label': `Select ${row.name}`,
              }),
            }
          : undefined
      }
      pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
    />
  );
}
