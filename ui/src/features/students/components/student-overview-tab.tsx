import { Button, Col, Descriptions, Empty, Row, Statistic, Tag, Typography } from 'antd';
import { Card } from '../../../components/card.tsx';
import { useNavigate } from 'react-router-dom';
import { CATEGORY_COLORS, categoryOf } from '@accommodate/shared-events/config/accommodation-categories';
import { gradeLabel, type Student, type StudentAccommodation } from '@accommodate/shared-events/schemas/student';
import { formatListDate } from '../../../lib/format-date-time.ts';
import { SafeNotes } from './safe-notes.tsx';
import { StudentStatusBadge } from './student-status-badge.tsx';
import { effectiveStatus } from './students-list-model.ts';
import { notesAreEmpty } from './notes-html.ts';
import { CardHeading } from '../../../components/card-heading.tsx';

interface StudentOverviewTabProps {
  student: Student;
  accommodations: StudentAccommodation[];
  onViewAll: () => void;
  /** Co-teachers and owners; view-only roles get no edit buttons. */
  canEdit?: boolean;
  /** False for substitutes: no parent information or notes, even if some reached the browser. */
  showPrivate?: boolean;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function StudentOverviewTab({ student, accommodations, onViewAll, canEdit = true, showPrivate = true }: StudentOverviewTabProps) {
  const navigate = useNavigate();
  const categories = new Set(accommodations.map((a) => categoryOf(a)));
  const hasParent = showPrivate && Boolean(student.parentName || student.parentEmail || student.parentNotes);
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 16 }}>
      {/* One row at every width: on a phone, three stacked cards pushed the accommodations below the fold. */}
      <Row gutter={[{ xs: 8, sm: 16 }, 16]} className="student-overview-counts">
        <Col span={8}>
          <Card size="small"><Statistic title="Total Accommodations" value={accommodations.length} /></Card>
        </Col>
        <Col span={8}>
          <Card size="small">
            <Statistic title="Active Accommodations" value={accommodations.filter((a) => a.status === 'active').length} />
          </Card>
        </Col>
        <Col span={8}>
          <Card size="small"><Statistic title="Categories" value={categories.size} /></Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={hasParent ? 12 : 24}>
          <Card size="small" title={<CardHeading>Student Information</CardHeading>}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label="Grade">{gradeLabel(student.grade)}</Descriptions.Item>
              {showPrivate && student.birthdate && <Descriptions.Item label="Birthdate">{formatListDate(student.birthdate)}</Descriptions.Item>}
              <Descriptions.Item label="Status">
                <StudentStatusBadge status={effectiveStatus(student.status)} where="detail" />
              </Descriptions.Item>
              <Descriptions.Item label="Created">{formatListDate(student.createdAt)}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        {hasParent && (
          <Col xs={24} md={12}>
            <Card size="small" title={<CardHeading>Parent/Guardian Information</CardHeading>}>
              <Descriptions column={1} size="small">
                {student.parentName && <Descriptions.Item label="Name">{student.parentName}</Descriptions.Item>}
                {student.parentEmail && (
                  <Descriptions.Item label="Email">
                    <a href={`mailto:${student.parentEmail}`}>{student.parentEmail}</a>
                  </Descriptions.Item>
                )}
                {student.parentNotes && (
                  <Descriptions.Item label="Notes">
                    <span style={{ whiteSpace: 'pre-wrap' }}>{student.parentNotes}</span>
                  </Descriptions.Item>
                )}
              </Descriptions>
            </Card>
          </Col>
        )}
      </Row>
      {showPrivate && !notesAreEmpty(student.notes) && (
        <Card size="small" title={<CardHeading>Notes</CardHeading>}>
          <SafeNotes html={student.notes ?? ''} />
        </Card>
      )}
      <Card
        size="small"
        title={<CardHeading>Recent Accommodations</CardHeading>}
        extra={
          canEdit ? (
            <Button size="small" onClick={() => void navigate(`/students/edit/${encodeURIComponent(student.id)}`)}>
              Add Accommodations
            </Button>
          ) : null
        }
      >
        {accommodations.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No accommodations added yet" />
        ) : (
          <>
            {accommodations.slice(0, 3).map((accommodation) => {
              const category = categoryOf(accommodation);
              return (
                <div key={accommodation.id} style={{ display: 'flex', justifyContent: 'space-between', gap: 8, padding: '6px 0', flexWrap: 'wrap' }}>
                  <div>
                    <Typography.Text strong>{accommodation.name}</Typography.Text>{' '}
                    <Tag color={CATEGORY_COLORS[category]}>{capitalise(category)}</Tag>
                  </div>
                  <Tag color={accommodation.status === 'active' ? 'green' : 'default'}>{accommodation.status}</Tag>
                </div>
              );
            })}
            <Button type="link" style={{ paddingInline: 0 }} onClick={onViewAll}>
              View all {accommodations.length} accommodations
            </Button>
          </>
        )}
      </Card>
    </div>
  );
}
