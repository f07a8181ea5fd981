import { z } from 'zod';
import { defineEvent, type EventOf } from './define-event.ts';

/** What was done with a student's record, for the FERPA record of access (34 CFR 99.32). */
export const RECORD_ACCESS_ACTIONS = ['view', 'export', 'print', 'download'] as const;
export type RecordAccessAction = (typeof RECORD_ACCESS_ACTIONS)[number];

/**
 * In `accessLog-<studentId>`. `minute` is the UTC minute the access falls in (ISO, seconds cut):
 * one person's same action on one record counts once per minute, on every API node alike.
 */
export const StudentRecordAccessed = defineEvent(
  'StudentRecordAccessed',
  1,
  z.object({
    studentId: z.string(),
    userId: z.string(),
    action: z.enum(RECORD_ACCESS_ACTIONS),
    /** What was accessed, in words without personal data: 'Student record', 'Records export (PDF)'. */
    what: z.string(),
    minute: z.string(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
  }),
);

/**
 * In `user-<userId>`: the account is gone. It carries no personal data, so the log keeps
 * "an account was deleted at T" after the user's key is destroyed.
 */
export const UserAccountDeleted = defineEvent('UserAccountDeleted', 1, z.object({ userId: z.string() }));

export const ACCESS_EVENTS = [StudentRecordAccessed, UserAccountDeleted] as const;
export type AccessEvent = EventOf<(typeof ACCESS_EVENTS)[number]>;
