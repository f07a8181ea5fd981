interface Arrival {
  id: string;
  date: string;
  read: boolean;
}

/**
 * The unread notifications in `next` whose ids were not in `seenIds`, newest first.
 * `seenIds` is null before the first load: what is already there on sign-in is not "new",
 * so the first answer never raises a toast.
 */
export function arrivedNotifications<T extends Arrival>(seenIds: ReadonlySet<string> | null, next: readonly T[]): T[] {
  if (seenIds === null) return [];
  return next
    .filter((item) => !item.read && !seenIds.has(item.id))
    .sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
}

export const unreadCount = (items: readonly { read: boolean }[]): number => items.filter((item) => !item.read).length;
