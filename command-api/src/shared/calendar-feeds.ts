import type { ReadStore } from '@accommodate/projections/store/read-store';

/** A feed token, stored only as its hash, so a copy of the store does not reveal working feed URLs. */
export interface CalendarFeedDoc {
  id: string;
  userId: string;
  createdAt: string;
}

const CALENDAR_FEEDS = 'calendar-feeds';

export const calendarFeeds = (readStore: Pick<ReadStore, 'state'>) => readStore.state<CalendarFeedDoc>(CALENDAR_FEEDS);

/** Every feed URL of the user stops working: when they rotate or turn off their feed, and when their account is deleted. */
export async function revokeCalendarFeeds(readStore: Pick<ReadStore, 'state'>, userId: string): Promise<void> {
  const feeds = calendarFeeds(readStore);
  for (const feed of await feeds.find({ userId })) await feeds.delete(feed.id);
}
