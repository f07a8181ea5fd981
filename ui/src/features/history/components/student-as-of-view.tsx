import { Alert, Descriptions, Empty, List, Skeleton, Tag } from 'antd';
import { fieldValue } from '@accommodate/shared-events/schemas/record-display';
import { planStatusLabel } from '@accommodate/shared-events/schemas/plan';
import { categoryLabel } from '@accommodate/shared-events/config/accommodation-categories';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useStudentAsOf } from '../api/get-student-as-of.ts';

interface StudentAsOfViewProps {
  studentId: string;
  /** The instant asked about (ISO). */
  asOf: string;
  /** That instant as the person chose it: 'the end of Sep 1, 2026', 'Sep 1, 2026 2:05 PM'. */
  label: string;
}

const date = (field: string, value: string | null) => fieldValue('plan', field, value);

/** The student, accommodations and plans exactly as they were at `asOf`, in the screens' words. */
export function StudentAsOfView({ studentId, asOf, label }: StudentAsOfViewProps) {
  const snapshot = useStudentAsOf(studentId, asOf);
  if (snapshot.isPending) return <Skeleton active />;
  if (snapshot.isError) {
    const notYet = snapshot.error instanceof ApiRequestError && snapshot.error.status === 404;
    return <Alert type="info" showIcon title={notYet ? 'This student had not been added yet at that time.' : 'Could not load the record as it was then.'} />;
  }
  const student = snapshot.data;
  return (
    <div data-testid="as-of-view">
      <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={`As of ${label}`} />
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
        <Descriptions.Item label="Name">{student.name}</Descriptions.Item>
        <Descriptions.Item label="Grade">{fieldValue('student', 'grade', student.grade)}</Descriptions.Item>
        <Descriptions.Item label="Status">{fieldValue('student', 'status', student.status)}</Descriptions.Item>
        <Descriptions.Item label="Parent">{fieldValue('student', 'parentName', student.parentName)}</Descriptions.Item>
      </Descriptions>
      <h3 style={{ marginTop: 16, fontSize: 14 }}>Accommodations then</h3>
      {student.accommodations.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No accommodations" />
      ) : (
        <List
          size="small"
          data-testid="as-of-accommodations"
          dataSource={student.accommodations}
          renderItem={(accommodation) => (
            <List.Item>
              {accommodation.name} <Tag>{categoryLabel(accommodation.category)}</Tag>
            </List.Item>
          )}
        />
      )}
      <h3 style={{ marginTop: 16, fontSize: 14 }}>Plans then</h3>
      {student.plans.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No plans" />
      ) : (
        <List
          size="small"
          data-testid="as-of-plans"
          dataSource={student.plans}
          renderItem={(plan) => (
            <List.Item>
              <Tag>{planStatusLabel(plan.status)}</Tag> {date('startDate', plan.startDate)} – review {date('reviewDate', plan.reviewDate)}
              {plan.caseManager ? ` · ${plan.caseManager}` : ''}
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
