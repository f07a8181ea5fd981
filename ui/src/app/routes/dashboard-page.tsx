import HomeDashboard from '../../features/dashboard/components/home-dashboard.tsx';
import { PlansToAcknowledge } from '../../features/acknowledgements/components/plans-to-acknowledge.tsx';

/** The dashboard, with the plan versions the teacher has yet to acknowledge (issue 27) above the guide. */
export default function DashboardPage() {
  return <HomeDashboard beforeGuide={<PlansToAcknowledge />} />;
}
