import { useNavigate } from 'react-router-dom';
import { Badge, Button, Drawer } from 'antd';
import { BellOutlined, LogoutOutlined, SettingOutlined } from '@ant-design/icons';
import type { CurrentUser } from '../lib/auth.ts';
import { BrandLogo } from './brand-logo.tsx';
import { MainNav } from './main-nav.tsx';
import { bellLabel } from './notification-bell.tsx';
import { StudentSearch } from './student-search.tsx';
import { UserAvatar } from './user-avatar.tsx';

export interface AppShellDrawerProps {
  open: boolean;
  onClose: () => void;
  user: CurrentUser | null | undefined;
  unreadNotifications: number;
  onSignOut: () => void;
  signingOut: boolean;
}

/** The phone menu; loaded the first time it is opened. */
export default function AppShellDrawer({ open, onClose, user, unreadNotifications, onSignOut, signingOut }: AppShellDrawerProps) {
  const navigate = useNavigate();
  return (
    <Drawer
      title={<BrandLogo to="/students" />}
      placement="left"
      open={open}
      onClose={onClose}
      size={300}
      closeIcon={<span aria-label="Close menu">✕</span>}
    >
      <div className="shell-drawer">
        <StudentSearch onNavigate={onClose} />
        <MainNav vertical onNavigate={onClose} />
        {user ? (
          <div className="shell-drawer__user">
            <UserAvatar user={user} />
            <div>
              <div className="shell-drawer__name">{user.name || user.firstName}</div>
              <div className="shell-drawer__email">{user.email}</div>
            </div>
          </div>
        ) : null}
        <Button
          block
          icon={<BellOutlined />}
          aria-label={bellLabel(unreadNotifications)}
          onClick={() => { onClose(); void navigate('/notifications'); }}
        >
          Notifications
          {unreadNotifications > 0 ? <Badge count={unreadNotifications} size="small" overflowCount={99} /> : null}
        </Button>
        <Button block icon={<SettingOutlined />} onClick={() => { onClose(); void navigate('/settings'); }}>
          Settings
        </Button>
        <Button block danger icon={<LogoutOutlined />} onClick={onSignOut} loading={signingOut}>
          Sign out
        </Button>
      </div>
    </Drawer>
  );
}
