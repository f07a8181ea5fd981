import { Avatar, Button, Checkbox, Typography } from 'antd';
import { Card } from '../../../components/card.tsx';
import { EditOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { gradeLabel } from '@accommodate/shared-events/schemas/student';
import { ReviewDue } from '../../../components/review-due.tsx';
import { SharedByBadge } from '../../../components/shared-by-badge.tsx';
import { ArchivedBadge } from '../../../components/archived-badge.tsx';
import { permissionsFor } from '../../../lib/student-access.ts';
import { AccommodationChips } from './accommodation-chips.tsx';
import { StudentStatusBadge } from './student-status-badge.tsx';
import type { StudentRow } from './students-list-model.ts';

const initials = (row: StudentRow) => `${row.student.firstName.charAt(0)}${row.student.lastInitial}`.toUpperCase();

interface StudentCardProps {
  row: StudentRow;
  /** Absent when the card cannot be picked for sharing (someone else's student). */
  selected?: boolean;
  onSelectedChange?: (selected: boolean) => void;
}

export function StudentCard({ row, selected, onSelectedChange }: StudentCardProps) {
  const navigate = useNavigate();
  const id = encodeURIComponent(row.student.id);
  const can = permissionsFor(row.student.access, row.student.archived);
  return (
    <Card size="small" className={selected ? 'student-card student-card--selected' : 'student-card'} data-testid="student-card">
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 8 }}>
        {onSelectedChange && (
          <Checkbox
            className="no-print"
            checked={selected}
            onChange={(event) => onSelectedChange(event.target.checked)}
            aria-label={`Select ${row.name}`}
          />
        )}
        {/* The initials repeat the name beside them: a screen reader skips them. */}
        <Avatar aria-hidden="true" style={{ backgroundColor: '#4f46e5', flexShrink: 0 }}>{initials(row)}</Avatar>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Link to={`/students/${id}`} style={{ fontWeight: 600, fontSize: 16 }}>
            {row.name}
          </Link>
          <div>
            <Typography.Text type="secondary">{gradeLabel(row.student.grade)}</Typography.Text>
          </div>
          <SharedByBadge student={row.student} />
          <ArchivedBadge student={row.student} />
        </div>
        <StudentStatusBadge status={row.status} where="list" />
      </div>
      <AccommodationChips accommodations={row.accommodations} max={3} />
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginTop: 8, gap: 8, flexWrap: 'wrap' }}>
        <ReviewDue date={row.reviewDue} prefix="Review due: " />
        {can.edit && (
          <Button size="small" icon={<EditOutlined />} className="no-print" onClick={() => void navigate(`/students/edit/${id}`)}>
            Edit Student
          </Button>
        )}
      </div>
    </Card>
  );
}
