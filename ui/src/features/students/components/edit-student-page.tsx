import { Button, Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';
import { useAccommodationLibrary } from '../../accommodations/api/get-accommodation-library.ts';
import { useStudent } from '../api/get-student.ts';
import { StudentLoadError } from './student-detail-page.tsx';
import { StudentForm } from './student-form.tsx';

export default function EditStudentPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const student = useStudent(id);
  const library = useAccommodationLibrary();

  if (student.isPending || library.isPending) {
    return (
      <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
        <Spin size="large" aria-label="Loading student" />
      </div>
    );
  }
  if (student.isError) return <StudentLoadError error={student.error} />;

  return (
    <div>
      <PageHeader
        title="Update Student"
        description="Update the student's details and accommodations"
        actions={
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/students')}>
            Back to Students
          </Button>
        }
      />
      <StudentForm student={student.data} library={library.data ?? []} />
    </div>
  );
}
