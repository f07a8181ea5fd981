import { Button, Result, Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';
import { useAccommodationLibrary } from '../../accommodations/api/get-accommodation-library.ts';
import { PresenceAvatars } from '../../sharing/components/presence-avatars.tsx';
import { useStudentPresence } from '../../sharing/components/use-student-presence.ts';
import { permissionsFor } from '../../sharing/share-model.ts';
import { useStudent } from '../api/get-student.ts';
import { StudentLoadError } from './student-detail-page.tsx';
import { StudentForm } from './student-form.tsx';

export default function EditStudentPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const student = useStudent(id);
  const library = useAccommodationLibrary();
  const canEdit = student.isSuccess && permissionsFor(student.data.access).edit;
  const present = useStudentPresence(canEdit ? id : '', 'editing');

  if (student.isPending || library.isPending) {
    return (
      <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
        <Spin size="large" aria-label="Loading student" />
      </div>
    );
  }
  if (student.isError) return <StudentLoadError error={student.error} />;
  if (!canEdit) {
    return (
      <Result
        status="403"
        title="View only"
        subTitle="This student was shared with you to view, not to edit."
        extra={<Button onClick={() => navigate(`/students/${encodeURIComponent(id)}`)}>Back to Student</Button>}
      />
    );
  }

  return (
    <div>
      <PageHeader
        title="Update Student"
        description="Update the student's details and accommodations"
        actions={
          <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
            <PresenceAvatars users={present} />
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/students')}>
              Back to Students
            </Button>
          </div>
        }
      />
      <StudentForm student={student.data} library={library.data ?? []} />
    </div>
  );
}
