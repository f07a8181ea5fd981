import { lazy, Suspense, type ReactNode } from 'react';
import { Skeleton, Tabs } from 'antd';
import { BankOutlined, BellOutlined, HomeOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { ProfileTab } from '../../../features/settings/components/profile-tab.tsx';
import { useMySchools } from '../../../features/schools/api/schools-api.ts';
import '../../../features/settings/components/settings.css';
import '../../../components/wrapping-tabs.css';

// antd Tabs renders a pane only once it is chosen: the other two tabs load then.
const SecuritySettingsTab = lazy(() => import('./security-settings-tab.tsx').then((m) => ({ default: m.SecuritySettingsTab })));
const NotificationsTab = lazy(() =>
  import('../../../features/settings/components/notifications-tab.tsx').then((m) => ({ default: m.NotificationsTab })),
);
const SchoolSettingsTab = lazy(() =>
  import('../../../features/schools/components/school-settings-tab.tsx').then((m) => ({ default: m.SchoolSettingsTab })),
);
const DistrictSettingsTab = lazy(() =>
  import('../../../features/schools/components/district-settings-tab.tsx').then((m) => ({ default: m.DistrictSettingsTab })),
);
const later = (tab: ReactNode) => <Suspense fallback={<Skeleton active />}>{tab}</Suspense>;

/**
 * Account Settings: profile, security (with the account's deletion) and notification preferences; 'School' for
 * anyone on a school's staff, and 'District': a district admin's districts, or creating one.
 */
export default function SettingsPage() {
  const { user } = useCurrentUser();
  const schools = useMySchools();
  if (!user) return null;
  return (
    <>
      <PageHeader title="Account Settings" description="Manage your profile, password and notification preferences" />
      {/* Five tabs do not fit a phone's width: they wrap rather than hide behind antd's "more" button. */}
      <Tabs
        className="wrapping-tabs"
        defaultActiveKey="profile"
        items={[
          { key: 'profile', label: 'Profile', icon: <UserOutlined />, children: <ProfileTab user={user} /> },
          { key: 'security', label: 'Security', icon: <LockOutlined />, children: later(<SecuritySettingsTab />) },
          { key: 'notifications', label: 'Notifications', icon: <BellOutlined />, children: later(<NotificationsTab />) },
          ...(schools.data?.length ? [{ key: 'school', label: 'School', icon: <HomeOutlined />, children: later(<SchoolSettingsTab />) }] : []),
          { key: 'district', label: 'District', icon: <BankOutlined />, children: later(<DistrictSettingsTab />) },
        ]}
      />
    </>
  );
}
