import { z } from 'zod';
import { classDetailsSchema } from '../schemas/class.ts';
import { defineEvent, type EventOf } from './define-event.ts';

// Classes, in `class-<classId>`: a section, its teachers and its enrolled students.

/**
 * v2 carries the term's dates; a class created before them has none (null). ownerId null: the class belongs to its
 * school (an import from the SIS made it) and is led by its lead teacher, not by whoever ran the import.
 */
export const ClassCreated = defineEvent(
  'ClassCreated',
  2,
  z.object({ classId: z.string(), ownerId: z.string().nullable(), schoolId: z.string().nullable(), ...classDetailsSchema.shape }),
  { 1: (older) => (typeof older === 'object' && older !== null ? { termStart: null, termEnd: null, ...older } : older) },
);

/** Only what changed; an absent field keeps its value (so a v1 change, without term dates, reads as it was). */
export const ClassUpdated = defineEvent('ClassUpdated', 1, z.object({ classId: z.string(), changes: classDetailsSchema.partial() }));

/** Archived classes keep their history but give their teachers nothing any more. */
export const ClassArchived = defineEvent('ClassArchived', 1, z.object({ classId: z.string() }));

/** The whole enrolment, not a difference: a replay never depends on what came before. */
export const EnrolmentSet = defineEvent('EnrolmentSet', 1, z.object({ classId: z.string(), studentIds: z.array(z.string()) }));

/**
 * A co-teacher of the class, pending (granteeUserId null) until someone proves the address, as shares are. `lead`:
 * the teacher who leads a school's class (the SIS's primary teacher); absent on invitations made before leads.
 */
export const ClassTeacherInvited = defineEvent(
  'ClassTeacherInvited',
  1,
  z.object({
    classId: z.string(),
    teacherId: z.string(),
    email: z.string(),
    granteeUserId: z.string().nullable(),
    invitedBy: z.string(),
    lead: z.boolean().optional(),
  }),
);

export const ClassTeacherActivated = defineEvent(
  'ClassTeacherActivated',
  1,
  z.object({ classId: z.string(), teacherId: z.string(), granteeUserId: z.string() }),
);

/**
 * A teacher the class no longer has (removed by its owner, the school's overseers, or the SIS's roster): the invitation
 * ends, and they lose the students the class gave them. Who removed them is the envelope's actor.
 */
export const ClassTeacherRemoved = defineEvent('ClassTeacherRemoved', 1, z.object({ classId: z.string(), teacherId: z.string() }));

export const CLASS_EVENTS = [ClassCreated, ClassUpdated, ClassArchived, EnrolmentSet, ClassTeacherInvited, ClassTeacherActivated, ClassTeacherRemoved] as const;
export type ClassEvent = EventOf<(typeof CLASS_EVENTS)[number]>;
