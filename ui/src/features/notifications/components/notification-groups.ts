export type NotificationGroup = 'Today' | 'Yesterday' | 'This Week' | 'Earlier';
export const GROUP_ORDER: readonly NotificationGroup[] = ['Today', 'Yesterday', 'This Week', 'Earlier'];

const startOfDay = (date: Date): number => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/** Spec section 2: Today, Yesterday, This Week (weeks start on Sunday), Earlier. */
export function groupOf(date: Date, now: Date): NotificationGroup {
  const today = startOfDay(now);
  const day = startOfDay(date);
  if (day >= today) return 'Today';
  const yesterday = startOfDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1));
  if (day >= yesterday) return 'Yesterday';
  const weekStart = startOfDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - now.getDay()));
  if (day >= weekStart) return 'This Week';
  return 'Earlier';
}

export function groupNotifications<T extends { date: string }>(items: readonly T[], now: Date): [NotificationGroup, T[]][] {
  const sorted = [...items].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
  const groups = new Map<NotificationGroup, T[]>();
  for (const item of sorted) {
    const group = groupOf(new Date(item.date), now);
    groups.set(group, [...(groups.get(group) ?? []), item]);
  }
  return GROUP_ORDER.filter((group) => groups.has(group)).map((group) => [group, groups.get(group) ?? []]);
}
