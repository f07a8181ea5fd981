import { lazy, Suspense, type ReactNode } from 'react';
import { Skeleton, Tabs } from 'antd';
import { BellOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { ProfileTab } from './profile-tab.tsx';
import './settings.css';

// antd Tabs renders a pane only once it is chosen: the other two tabs load then.
const SecurityTab = lazy(() => import('./security-tab.tsx').then((m) => ({ default: m.SecurityTab })));
const NotificationsTab = lazy(() => import('./notifications-tab.tsx').then((m) => ({ default: m.NotificationsTab })));
const later = (tab: ReactNode) => <Suspense fallback={<Skeleton active />}>{tab}</Suspense>;

export default function SettingsPage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <>
      <PageHeader title="Account Settings" description="Manage your profile, password and notification preferences" />
      <Tabs
        defaultActiveKey="profile"
        items={[
          { key: 'profile', label: 'Profile', icon: <UserOutlined />, children: <ProfileTab user={user} /> },
          { key: 'security', label: 'Security', icon: <LockOutlined />, children: later(<SecurityTab />) },
          { key: 'notifications', label: 'Notifications', icon: <BellOutlined />, children: later(<NotificationsTab />) },
        ]}
      />
    </>
  );
}
