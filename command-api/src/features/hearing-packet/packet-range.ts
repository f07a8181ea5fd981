import type { HearingPacketRange } from '@accommodate/shared-events/schemas/hearing-packet';
import { formatCalendarDate } from '@accommodate/shared-events/schemas/record-display';

/** A range of calendar days in the reader's time zone, and the instants it spans (ISO, as the log's `occurredAt`). */
export interface PacketRange extends HearingPacketRange {
  start: string;
  end: string;
  timeZone: string;
}

/** How far the zone's clock is ahead of UTC at an instant (ms). */
function offsetAt(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((each) => each.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant a calendar day begins in a time zone; asked twice so a change of clocks that day is met. */
export function dayStartsAt(day: string, timeZone: string): number {
  const wall = Date.parse(`${day}T00:00:00Z`);
  return wall - offsetAt(wall - offsetAt(wall, timeZone), timeZone);
}

const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function packetRange(range: HearingPacketRange, timeZone: string): PacketRange {
  return {
    ...range,
    timeZone,
    start: new Date(dayStartsAt(range.from, timeZone)).toISOString(),
    end: new Date(dayStartsAt(nextDay(range.to), timeZone) - 1).toISOString(),
  };
}

export const inRange = (range: Pick<PacketRange, 'start' | 'end'>, at: string): boolean => at >= range.start && at <= range.end;

/** 'Sep 1, 2026 to Nov 25, 2026'. */
export const rangeInWords = (range: HearingPacketRange): string => `${formatCalendarDate(range.from)} to ${formatCalendarDate(range.to)}`;
