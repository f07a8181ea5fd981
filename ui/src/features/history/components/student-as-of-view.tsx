import { Alert, Descriptions, Empty, List, Skeleton, Tag } from 'antd';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useStudentAsOf } from '../api/get-student-as-of.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';

/** The student, accommodations and plans exactly as they were at `asOf`. */
export function StudentAsOfView({ studentId, asOf }: { studentId: string; asOf: string }) {
  const snapshot = useStudentAsOf(studentId, asOf);
  if (snapshot.isPending) return <Skeleton active />;
  if (snapshot.isError) {
    const notYet = snapshot.error instanceof ApiRequestError && snapshot.error.status === 404;
    return <Alert type="info" showIcon message={notYet ? 'This student had not been added yet at that time.' : 'Could not load the record as it was then.'} />;
  }
  const student = snapshot.data;
  return (
    <div data-testid="as-of-view">
      <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={`As of ${formatDateTime(student.asOf)}`} />
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
        <Descriptions.Item label="Name">{student.name}</Descriptions.Item>
        <Descriptions.Item label="Grade">{student.grade}</Descriptions.Item>
        <Descriptions.Item label="Status">{student.status}</Descriptions.Item>
        <Descriptions.Item label="Parent">{student.parentName ?? '—'}</Descriptions.Item>
      </Descriptions>
      <h4 style={{ marginTop: 16 }}>Accommodations then</h4>
      {student.accommodations.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No accommodations" />
      ) : (
        <List
          size="small"
          data-testid="as-of-accommodations"
          dataSource={student.accommodations}
          renderItem={(accommodation) => (
            <List.Item>
              {accommodation.name} <Tag>{accommodation.category}</Tag>
            </List.Item>
          )}
        />
      )}
      <h4 style={{ marginTop: 16 }}>Plans then</h4>
      {student.plans.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No plans" />
      ) : (
        <List
          size="small"
          dataSource={student.plans}
          renderItem={(plan) => (
            <List.Item>
              <Tag>{plan.status}</Tag> {plan.startDate} – review {plan.reviewDate}
              {plan.caseManager ? ` · ${plan.caseManager}` : ''}
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
