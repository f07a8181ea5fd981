import { describe, expect, it } from 'vitest';
import { arrivedNotifications, unreadCount } from './notification-arrivals.ts';

const item = (id: string, date: string, read = false) => ({ id, date, read });

describe('notifications that just arrived', () => {
  it('raises nothing on the first load, however many are unread', () => {
    expect(arrivedNotifications(null, [item('a', '2025-03-12T09:00:00Z'), item('b', '2025-03-12T10:00:00Z')])).toEqual([]);
  });

  it('names only the unread ids that were not there before, newest first', () => {
    const seen = new Set(['a']);
    const next = [
      item('a', '2025-03-12T09:00:00Z'),
      item('b', '2025-03-12T10:00:00Z'),
      item('c', '2025-03-12T11:00:00Z'),
      item('d', '2025-03-12T12:00:00Z', true),
    ];
    expect(arrivedNotifications(seen, next).map((n) => n.id)).toEqual(['c', 'b']);
  });

  it('raises nothing when an item is only marked read or removed', () => {
    const seen = new Set(['a', 'b']);
    expect(arrivedNotifications(seen, [item('a', '2025-03-12T09:00:00Z', true)])).toEqual([]);
  });

  it('counts the unread ones for the bell', () => {
    expect(unreadCount([item('a', 'x'), item('b', 'x', true), item('c', 'x')])).toBe(2);
    expect(unreadCount([])).toBe(0);
  });
});
