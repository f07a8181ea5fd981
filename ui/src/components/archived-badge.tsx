import { Alert, Tag } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import type { Student } from '@accommodate/shared-events/schemas/student';

/** 'Archived' on a student kept read-only since its owner's Premium ended; nothing otherwise. */
export function ArchivedBadge({ student }: { student: Pick<Student, 'archived'> }) {
  if (!student.archived) return null;
  return (
    <Tag icon={<InboxOutlined />} data-testid="archived" style={{ marginInlineEnd: 0 }}>
      Archived
    </Tag>
  );
}

/** On the student's page: why it cannot be changed, and, for its owner, the way back. */
export function ArchivedNotice({ student }: { student: Pick<Student, 'archived' | 'access'> }) {
  if (!student.archived) return null;
  return (
    <Alert
      className="no-print"
      role="status"
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title="This student is archived: you can read the record, but not change it."
      description={
        student.access === 'owner' ? (
          <>
            Your Premium plan ended, and the Free plan keeps the 3 students you added first active. Nothing was deleted.{' '}
            <Link to="/upgrade">Upgrade to Premium</Link> to bring this student back.
          </>
        ) : (
          'The owner’s Premium plan ended. Nothing was deleted, and the student comes back if they upgrade again.'
        )
      }
    />
  );
}
