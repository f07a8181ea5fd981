import { useEffect, useState } from 'react';
import { presenceSchema, type Presence, type PresenceMode } from '@accommodate/shared-events/schemas/co-editing';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useSocket } from '../../../lib/socket-context.ts';

export type { PresenceMode };
export type PresenceUser = Presence['users'][number];

/** Everyone but me: the server lists each watcher, me included. */
export const othersPresent = (users: PresenceUser[], myId: string | null): PresenceUser[] =>
  users.filter((user) => user.userId !== myId);

/**
 * Tells the server I am viewing or editing this student while the page is open,
 * and returns who else is. The watch is re-sent on every (re)connect, because a
 * new connection starts in no student room.
 */
export function useStudentPresence(studentId: string, mode: PresenceMode): PresenceUser[] {
  const socket = useSocket();
  const { user } = useCurrentUser();
  const [users, setUsers] = useState<PresenceUser[]>([]);

  useEffect(() => {
    if (!socket || !studentId) return undefined;
    const watch = () => {
      socket.emit('student:watch', { studentId, mode }, () => undefined);
    };
    const onPresence = (message: unknown) => {
      const parsed = presenceSchema.safeParse(message);
      if (parsed.success && parsed.data.studentId === studentId) setUsers(parsed.data.users);
    };
    socket.on('presence', onPresence);
    socket.on('connect', watch);
    if (socket.connected) watch();
    return () => {
      socket.off('presence', onPresence);
      socket.off('connect', watch);
      if (socket.connected) socket.emit('student:unwatch', { studentId });
      setUsers([]);
    };
  }, [socket, studentId, mode]);

  return othersPresent(users, user?.id ?? null);
}
