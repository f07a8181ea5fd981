import AntdLayout from '../components/antd-layout.tsx';
import AppShell from '../components/app-shell.tsx';
import HomeDashboard from '../features/dashboard/components/home-dashboard.tsx';

/** The dashboard at "/", inside the same shell as every signed-in page. */
export default function SignedInHome() {
  return (
    <AntdLayout>
      <AppShell>
        <HomeDashboard />
      </AppShell>
    </AntdLayout>
  );
}
