import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router-dom';
import HomeDashboard from '../../features/dashboard/components/home-dashboard.tsx';
import { PlansToAcknowledge } from '../../features/acknowledgements/components/plans-to-acknowledge.tsx';
import { MySchoolsCard } from '../../features/schools/components/my-schools-card.tsx';
import { DistrictDashboardLinks } from '../../features/district-dashboard/components/district-dashboard-links.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useHomeRole } from '../../lib/home-role.ts';

// Each role's home is its own chunk: a teacher on their own never downloads the coordinator's.
const TeacherHome = lazy(() => import('./home/teacher-home.tsx'));
const CoordinatorHome = lazy(() => import('./home/coordinator-home.tsx'));

/**
 * The home that fits the person: a district admin lands on the district dashboard (several districts: a way to each),
 * a coordinator on what needs doing across their schools, a school's teacher on today's classes and the plans to
 * acknowledge. A teacher on their own keeps the quick-start dashboard, with the plans they are asked to acknowledge.
 */
export default function DashboardPage() {
  const role = useHomeRole();
  if (!role) return <PageLoader />;
  if (role.kind === 'district-admin') {
    const [only, ...others] = role.districts;
    if (only && others.length === 0) return <Navigate to={`/districts/${encodeURIComponent(only.id)}/dashboard`} replace />;
  }
  return (
    <Suspense fallback={<PageLoader />}>
      {role.kind === 'coordinator' ? (
        <CoordinatorHome schools={role.schools} />
      ) : role.kind === 'school-teacher' ? (
        <TeacherHome />
      ) : (
        <HomeDashboard
          beforeGuide={
            <>
              <MySchoolsCard />
              <DistrictDashboardLinks />
              <PlansToAcknowledge />
            </>
          }
        />
      )}
    </Suspense>
  );
}
