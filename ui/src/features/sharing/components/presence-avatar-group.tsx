import { Avatar, Tooltip } from 'antd';
import type { PresenceUser } from './use-student-presence.ts';
import { presenceSummary } from './presence-summary.ts';
import { TOOLTIP_PROPS } from '../../../lib/tooltip-props.ts';

const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('') || '?';

/**
 * Who else has this student open right now: avatars (editors in orange with a ring) and the same in words beside
 * them, so that nobody has to hover or focus an avatar to learn who is there. The words are what assistive
 * technology reads; the avatars are decoration for it.
 */
export default function PresenceAvatarGroup({ users }: { users: PresenceUser[] }) {
  return (
    <div className="presence-avatars no-print" role="status" style={{ display: 'inline-flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
      <span aria-hidden="true" style={{ display: 'inline-flex', flexShrink: 0 }}>
        <Avatar.Group max={{ count: 4 }} size="small">
          {users.map((user) => (
            <Tooltip key={user.userId} title={`${user.name} is ${user.mode}`} {...TOOLTIP_PROPS}>
              <Avatar
                style={{
                  // White initials on antd's orange-8: 5.4:1 (orange-7 was 3.55:1).
                  backgroundColor: user.mode === 'editing' ? '#ad4e00' : '#4f46e5',
                  boxShadow: user.mode === 'editing' ? '0 0 0 2px #ffd591' : undefined,
                }}
              >
                {initials(user.name)}
              </Avatar>
            </Tooltip>
          ))}
        </Avatar.Group>
      </span>
      <span className="presence-avatars__summary" style={{ fontSize: 13, color: '#4b5563', overflowWrap: 'anywhere' }}>
        {presenceSummary(users)}
      </span>
    </div>
  );
}
