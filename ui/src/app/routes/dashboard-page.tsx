import HomeDashboard from '../../features/dashboard/components/home-dashboard.tsx';
import { PlansToAcknowledge } from '../../features/acknowledgements/components/plans-to-acknowledge.tsx';
import { MySchoolsCard } from '../../features/schools/components/my-schools-card.tsx';

/**
 * The dashboard, with the plan versions the teacher has yet to acknowledge (issue 27) and, for a school's
 * coordinators and admins, the way to its page (issue 23), above the guide.
 */
export default function DashboardPage() {
  return (
    <HomeDashboard
      beforeGuide={
        <>
          <MySchoolsCard />
          <PlansToAcknowledge />
        </>
      }
    />
  );
}
