import { Button, Card, Result, Skeleton, Space } from 'antd';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useAccommodationLibrary } from '../../../features/accommodations/api/get-accommodation-library.ts';
import { StudentForm } from '../../../features/students/components/student-form.tsx';

/** The student form with the accommodation library to pick from, or the free plan's limit. */
export default function NewStudentPage() {
  const { user, isLoading } = useCurrentUser();
  const library = useAccommodationLibrary();

  if (isLoading || library.isPending) {
    return (
      <div data-testid="new-student-skeleton">
        <Skeleton active title paragraph={{ rows: 1 }} />
        <Card><Skeleton active paragraph={{ rows: 8 }} /></Card>
      </div>
    );
  }

  const limit = user?.studentLimit ?? null;
  if (user && !user.isPremium && limit !== null && user.studentCount >= limit) {
    return (
      <div>
        <PageHeader title="Student Limit Reached" />
        <Card style={{ maxWidth: 640 }}>
          <Result
            status="warning"
            title="Free Plan Limitation"
            subTitle={`The free plan is limited to ${limit} students. Upgrade to Premium for unlimited students and access to all features.`}
            extra={
              <Space wrap style={{ justifyContent: 'center' }}>
                <Link to="/upgrade">
                  <Button type="primary">Upgrade to Premium</Button>
                </Link>
                <Link to="/students">
                  <Button>Back to Students</Button>
                </Link>
              </Space>
            }
          />
        </Card>
      </div>
    );
  }

  return (
    <div>
      <PageHeader title="Add New Student" description="Enter the student's details and choose their accommodations" />
      <StudentForm library={library.data ?? []} />
    </div>
  );
}
