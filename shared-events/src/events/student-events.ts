import { z } from 'zod';
import { defineEvent, type EventOf } from './define-event.ts';

const details = {
  firstName: z.string(),
  lastInitial: z.string(),
  grade: z.string(),
  status: z.string(),
  birthdate: z.string().nullable(),
  parentName: z.string().nullable(),
  parentEmail: z.string().nullable(),
  parentNotes: z.string().nullable(),
  /** Sanitised HTML. */
  notes: z.string().nullable(),
};

export const StudentAdded = defineEvent(
  'StudentAdded',
  1,
  z.object({ studentId: z.string(), ownerId: z.string(), ...details }),
);
/** Only the fields that changed, so that concurrent edits of different fields merge. */
export const StudentDetailsUpdated = defineEvent(
  'StudentDetailsUpdated',
  1,
  z.object({ studentId: z.string(), changes: z.object(details).partial() }),
);
/** Assignments change as sets: what was added and what was removed. */
export const StudentAccommodationsChanged = defineEvent(
  'StudentAccommodationsChanged',
  1,
  z.object({ studentId: z.string(), added: z.array(z.string()), removed: z.array(z.string()) }),
);
export const StudentDeleted = defineEvent('StudentDeleted', 1, z.object({ studentId: z.string() }));

export const STUDENT_EVENTS = [StudentAdded, StudentDetailsUpdated, StudentAccommodationsChanged, StudentDeleted] as const;
export type StudentEvent = EventOf<(typeof STUDENT_EVENTS)[number]>;
