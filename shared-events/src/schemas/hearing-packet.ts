import { z } from 'zod';

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDay = (value: string): boolean => CALENDAR_DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const day = z.string({ required_error: 'Choose the first and last day of the range' }).refine(isCalendarDay, 'Choose a date');

/** GET /api/students/:id/hearing-packet.pdf?from=&to=: calendar days, both included. */
export const hearingPacketRangeSchema = z
  .object({ from: day, to: day })
  .refine((range) => range.from <= range.to, { message: 'The range must end on or after the day it starts', path: ['to'] });
export type HearingPacketRange = z.infer<typeof hearingPacketRangeSchema>;
