import { describe, expect, it } from 'vitest';
import { groupNotifications } from './notification-groups.ts';

// Wednesday 12 March 2025, noon local time; the week started on Sunday the 9th.
const now = new Date(2025, 2, 12, 12, 0);
const at = (day: number, hour = 9) => new Date(2025, 2, day, hour).toISOString();

describe('notification groups', () => {
  it('files notifications under Today, Yesterday, This Week and Earlier, newest first', () => {
    const groups = groupNotifications(
      [
        { id: 'old', date: at(1) },
        { id: 'sunday', date: at(9) },
        { id: 'yesterday', date: at(11) },
        { id: 'today-early', date: at(12, 8) },
        { id: 'today-late', date: at(12, 11) },
      ],
      now,
    );
    expect(groups.map(([group, items]) => [group, items.map((item) => item.id)])).toEqual([
      ['Today', ['today-late', 'today-early']],
      ['Yesterday', ['yesterday']],
      ['This Week', ['sunday']],
      ['Earlier', ['old']],
    ]);
  });

  it('shows no group headings when there is nothing to show', () => {
    expect(groupNotifications([], now)).toEqual([]);
  });
});
