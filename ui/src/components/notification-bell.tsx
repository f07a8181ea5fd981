import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { BellOutlined } from '@ant-design/icons';
import type { AppNotification } from '@accommodate/shared-events/schemas/notification';
import { useCurrentUser } from '../lib/auth.ts';
import { queryKeys } from '../lib/query-keys.ts';
import { arrivedNotifications, unreadCount } from '../lib/notification-arrivals.ts';
import { toast } from '../lib/toast.ts';

/**
 * The same cached list as the /notifications page (default fetch of GET /api/notifications);
 * a socket `change` for a notification invalidates it, so the count follows live.
 */
function useNotificationList() {
  const { user } = useCurrentUser();
  return useQuery<AppNotification[]>({ queryKey: queryKeys.notifications(), enabled: Boolean(user) });
}

export function useUnreadNotificationCount(): number {
  return unreadCount(useNotificationList().data ?? []);
}

export const bellLabel = (unread: number): string => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications');

/**
 * Toasts a notification that arrives while the user is on another screen. Mount once:
 * it remembers which ids it has already seen, and the first answer is never "new".
 */
function useArrivalToasts(list: AppNotification[] | undefined) {
  const { pathname } = useLocation();
  const seenIds = useRef<Set<string> | null>(null);
  const onNotificationsPage = pathname === '/notifications';

  useEffect(() => {
    // A cleared cache (sign-out, another account) starts over without toasting old items.
    if (!list) {
      seenIds.current = null;
      return;
    }
    const [newest] = arrivedNotifications(seenIds.current, list);
    seenIds.current = new Set(list.map((item) => item.id));
    if (newest && !onNotificationsPage) toast({ title: newest.title, description: newest.message });
  }, [list, onNotificationsPage]);
}

/** The header bell: unread count as a badge; opens /notifications. */
export function NotificationBell() {
  const { data } = useNotificationList();
  useArrivalToasts(data);
  const unread = unreadCount(data ?? []);
  return (
    <Link to="/notifications" className="shell-icon-link" aria-label={bellLabel(unread)} data-testid="notification-bell">
      {/* A count in a red dot, as antd's Badge draws it, without its scrolling-number machinery on every page. */}
      <span className="shell-bell">
        <BellOutlined aria-hidden="true" className="shell-icon-link__bell" />
        {unread > 0 && (
          <span className="shell-bell__count" aria-hidden="true" data-testid="unread-count">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </span>
    </Link>
  );
}
