import HomeDashboard from '../../features/dashboard/components/home-dashboard.tsx';
import { PlansToAcknowledge } from '../../features/acknowledgements/components/plans-to-acknowledge.tsx';
import { MySchoolsCard } from '../../features/schools/components/my-schools-card.tsx';
import { DistrictDashboardLinks } from '../../features/district-dashboard/components/district-dashboard-links.tsx';

/**
 * The dashboard, with a school coordinator's or admin's way to the school's page and a district admin's to the
 * district dashboard (issue 23), and the plan versions the teacher has yet to acknowledge (issue 27), above the guide.
 */
export default function DashboardPage() {
  return (
    <HomeDashboard
      beforeGuide={
        <>
          <MySchoolsCard />
          <DistrictDashboardLinks />
          <PlansToAcknowledge />
        </>
      }
    />
  );
}
