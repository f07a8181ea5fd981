import { lazy, Suspense } from 'react';
import type { PresenceUser } from './use-student-presence.ts';

// Avatar.Group brings Popover and Tooltip: fetched only once somebody else is here.
const PresenceAvatarGroup = lazy(() => import('./presence-avatar-group.tsx'));

/** Who else has this student open right now; nothing while nobody else is. */
export function PresenceAvatars({ users }: { users: PresenceUser[] }) {
  if (users.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <PresenceAvatarGroup users={users} />
    </Suspense>
  );
}
