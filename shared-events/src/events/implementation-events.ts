import { z } from 'zod';
import { IMPLEMENTATION_OUTCOMES } from '../schemas/implementation-log.ts';
import { defineEvent, type EventOf } from './define-event.ts';

/**
 * In `implementationLog-<studentId>_<YYYY-MM>`: what a teacher recorded for one accommodation on one
 * school day. A later one for the same date and accommodation replaces it. `note` is free text about the student:
 * a personal field, sealed with the student's key (personal-fields.ts).
 */
export const ImplementationLogged = defineEvent(
  'ImplementationLogged',
  1,
  z.object({
    studentId: z.string(),
    date: z.string(),
    accommodationId: z.string(),
    outcome: z.enum(IMPLEMENTATION_OUTCOMES),
    note: z.string().nullable(),
  }),
);

export const IMPLEMENTATION_EVENTS = [ImplementationLogged] as const;
export type ImplementationEvent = EventOf<(typeof IMPLEMENTATION_EVENTS)[number]>;
