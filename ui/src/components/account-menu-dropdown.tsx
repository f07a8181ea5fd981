import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Dropdown } from 'antd';
import { LogoutOutlined, SettingOutlined } from '@ant-design/icons';
import type { CurrentUser } from '../lib/auth.ts';

export interface AccountMenuDropdownProps {
  user: CurrentUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSignOut: () => void;
  children: ReactElement;
}

export function AccountMenuDropdown({ user, open, onOpenChange, onSignOut, children }: AccountMenuDropdownProps) {
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      open={open}
      onOpenChange={onOpenChange}
      menu={{
        items: [
          {
            key: 'who',
            type: 'group',
            label: (
              <span className="shell-user-menu__who">
                <strong>{user.name || user.firstName}</strong>
                <span>{user.email}</span>
              </span>
            ),
          },
          { type: 'divider' },
          { key: 'settings', icon: <SettingOutlined />, label: <Link to="/settings">Settings</Link> },
          { key: 'signout', icon: <LogoutOutlined />, label: 'Sign out', onClick: onSignOut },
        ],
      }}
    >
      {children}
    </Dropdown>
  );
}
