import type { LeftBecause } from '@accommodate/shared-events/schemas/retention';

/** Retention's read model (issue 23): per student, its school, whether and when it left, and its legal hold. */
export const RETENTION_STUDENTS = 'retention-students';

export type RetentionStudentDoc = {
  id: string;
  schoolId: string | null;
  /** Whether the student has left (the filter of the due list). */
  left: boolean;
  /** The instant of the event that made the student leave (ISO), or null. */
  leftAt: string | null;
  leftBecause: LeftBecause | null;
  /** The hold's reason and the instant it was placed, or null. */
  hold: { reason: string; placedAt: string } | null;
  revision: number;
};
