import AntdLayout from '../components/antd-layout.tsx';
import AppShell from '../components/app-shell.tsx';
import DashboardPage from './routes/dashboard-page.tsx';

/** The dashboard at "/", inside the same shell as every signed-in page. */
export default function SignedInHome() {
  return (
    <AntdLayout>
      <AppShell>
        <DashboardPage />
      </AppShell>
    </AntdLayout>
  );
}
