import { z } from 'zod';
import { STUDENT_ACCESS_ROLES } from '../schemas/share.ts';
import { defineEvent, type EventOf } from './define-event.ts';

/** What was done with a student's record, for the FERPA record of access (34 CFR 99.32); 'delete' is a document's. */
export const RECORD_ACCESS_ACTIONS = ['view', 'export', 'print', 'download', 'delete'] as const;
export type RecordAccessAction = (typeof RECORD_ACCESS_ACTIONS)[number];

/**
 * In `accessLog-<studentId>`. `minute` is the UTC minute the access falls in (ISO, seconds cut):
 * one person's same action on one record counts once per minute, on every API node alike.
 * v2 keeps who accessed as they were then (`userName`, `userRole`), so renaming or deleting the account later changes
 * no entry; v1 entries read null there, and the log shows the account's current name for them.
 */
export const StudentRecordAccessed = defineEvent(
  'StudentRecordAccessed',
  2,
  z.object({
    studentId: z.string(),
    userId: z.string(),
    action: z.enum(RECORD_ACCESS_ACTIONS),
    /**
     * What was accessed, in words without personal data: 'Student record', 'Records export (PDF)'; a document by
     * its id ('Document <id>'), named when the log is read (its name is sealed in its own stream).
     */
    what: z.string(),
    minute: z.string(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    /** The account's name at the time; sealed with the student's key, so it lives as long as the record. */
    userName: z.string().nullable(),
    /** How the user reached the student at the time (owner, or the share's role). */
    userRole: z.enum(STUDENT_ACCESS_ROLES).nullable(),
  }),
  { 1: (older) => (typeof older === 'object' && older !== null ? { ...older, userName: null, userRole: null } : older) },
);

/**
 * In `user-<userId>`: the account is gone. It carries no personal data, so the log keeps
 * "an account was deleted at T" after the user's key is destroyed.
 */
export const UserAccountDeleted = defineEvent('UserAccountDeleted', 1, z.object({ userId: z.string() }));

export const ACCESS_EVENTS = [StudentRecordAccessed, UserAccountDeleted] as const;
export type AccessEvent = EventOf<(typeof ACCESS_EVENTS)[number]>;
