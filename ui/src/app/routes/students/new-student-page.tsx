import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import { Card } from '../../../components/card.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useAccommodationLibrary } from '../../../features/accommodations/api/get-accommodation-library.ts';
import { StudentForm } from '../../../features/students/components/student-form.tsx';
import { useMySchools } from '../../../features/schools/api/schools-api.ts';

// Only an account at the free plan's limit sees this card (and its Result, about 10 KB gzipped): loaded then.
const StudentLimitReached = lazy(() =>
  import('../../../features/students/components/student-limit-reached.tsx').then((m) => ({ default: m.StudentLimitReached })),
);

/** The student form with the accommodation library to pick from, or the free plan's limit. */
export default function NewStudentPage() {
  const { user, isLoading } = useCurrentUser();
  const library = useAccommodationLibrary();
  // Staff of a school choose it for the new student; the form's first values wait for the list (an error: no school).
  const schools = useMySchools();

  if (isLoading || library.isPending || schools.isPending) {
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
      <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
        <StudentLimitReached limit={limit} />
      </Suspense>
    );
  }

  return (
    <div>
      <PageHeader title="Add New Student" description="Enter the student's details and choose their accommodations" />
      <StudentForm library={library.data ?? []} schools={schools.data ?? []} />
    </div>
  );
}
