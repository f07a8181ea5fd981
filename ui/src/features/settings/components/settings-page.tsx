import { Tabs } from 'antd';
import { BellOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { ProfileTab } from './profile-tab.tsx';
import { SecurityTab } from './security-tab.tsx';
import { NotificationsTab } from './notifications-tab.tsx';
import './settings.css';

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
          { key: 'security', label: 'Security', icon: <LockOutlined />, children: <SecurityTab /> },
          { key: 'notifications', label: 'Notifications', icon: <BellOutlined />, children: <NotificationsTab /> },
        ]}
      />
    </>
  );
}
