// The bare Avatar: antd's index attaches Avatar.Group, which pulls Popover and Tooltip into the shell.
import Avatar from 'antd/es/avatar/Avatar';
import type { CurrentUser } from '../lib/auth.ts';

const initialsOf = (user: CurrentUser): string =>
  (user.name || user.email)
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');

export function UserAvatar({ user }: { user: CurrentUser }) {
  return <Avatar style={{ backgroundColor: '#4f46e5' }}>{initialsOf(user)}</Avatar>;
}
