import { Avatar, Tooltip } from 'antd';
import type { PresenceUser } from './use-student-presence.ts';
import { TOOLTIP_PROPS } from '../../../lib/tooltip-props.ts';

const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('') || '?';

const presenceLabel = (user: PresenceUser): string => `${user.name} is ${user.mode}`;

/** Who else has this student open right now; editors show in orange with a ring. */
export default function PresenceAvatarGroup({ users }: { users: PresenceUser[] }) {
  return (
    <div className="presence-avatars no-print" role="group" aria-label="Also here" style={{ display: 'inline-flex', alignItems: 'center' }}>
      <Avatar.Group max={{ count: 4 }} size="small">
        {users.map((user, index) => (
          <Tooltip key={user.userId} title={presenceLabel(user)} {...TOOLTIP_PROPS}>
            {/* Focusable, so that a keyboard user can bring up the name too. */}
            <span
              role="img"
              tabIndex={0}
              aria-label={presenceLabel(user)}
              // The group's own overlap is for bare avatars; each one sits in its focusable wrapper here.
              style={{ display: 'inline-flex', borderRadius: '50%', marginInlineStart: index === 0 ? 0 : -8 }}
            >
              <Avatar
                aria-hidden
                style={{
                  backgroundColor: user.mode === 'editing' ? '#d46b08' : '#4f46e5',
                  boxShadow: user.mode === 'editing' ? '0 0 0 2px #ffd591' : undefined,
                }}
              >
                {initials(user.name)}
              </Avatar>
            </span>
          </Tooltip>
        ))}
      </Avatar.Group>
    </div>
  );
}
