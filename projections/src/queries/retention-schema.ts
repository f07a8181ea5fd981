import type { LeftBecause } from '@accommodate/shared-events/schemas/retention';
import type { PresentDistrict } from '@accommodate/shared-events/domain/district/district';

/** Retention's read model: per student, its school, whether and when it left, and its legal hold. */
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

/** Which district a school is in, and who administers each district: whom a due list's change is announced to. */
export const RETENTION_SCHOOLS = 'retention-schools';
export const RETENTION_DISTRICTS = 'retention-districts';

export type RetentionSchoolDoc = { id: string; districtId: string };
/** The district folded as everywhere (its name, creator and admin invitations), for its admins' ids; nothing else. */
export type RetentionDistrictDoc = Pick<PresentDistrict, 'name' | 'createdBy' | 'admins' | 'creatorRemoved'> & { id: string; adminIds: string[]; revision: number };
