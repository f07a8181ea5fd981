/**
 * Stream names use the category-dash form (`student-<id>`) so that EventStoreDB's
 * by-category projections work. Categories never contain a dash; ids may.
 */
export const STREAM_CATEGORIES = [
  'user',
  'userEmail',
  'student',
  'accommodation',
  'plan',
  'document',
  'notification',
  /** The FERPA record of access of one student: `accessLog-<studentId>`. */
  'accessLog',
  /** A class (section), its teachers and enrolment. */
  'class',
  /** A district and its admins; a school, its district and its staff. */
  'district',
  'school',
  /** One student's implementation log for one month: `implementationLog-<studentId>_<YYYY-MM>`. */
  'implementationLog',
  /** A OneRoster import: asked for, its progress, its outcome: `rosterImport-<importId>`. */
  'rosterImport',
  /** What a district's OneRoster imports linked to the SIS: `roster-<districtId>`. */
  'roster',
  /** A district's erasure, run as a job: asked for, its progress, its outcome: `districtErasure-<districtId>`. */
  'districtErasure',
  /** Which district holds an e-mail domain for single sign-on: `ssoDomain-<domain>`. */
  'ssoDomain',
] as const;
export type StreamCategory = (typeof STREAM_CATEGORIES)[number];

export const streamName = (category: StreamCategory, id: string): string => `${category}-${id}`;
