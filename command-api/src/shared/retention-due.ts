import { dayOf, dueWithinWindow, erasureDueOn, erasureIsDue } from '@accommodate/shared-events/domain/retention/retention';
import { organisationQueries, type DistrictDoc, type SchoolDoc } from '@accommodate/projections/queries/organisation-queries';
import { retentionQueries, type RetentionStudentDoc } from '@accommodate/projections/queries/retention-queries';
import type { AppContext } from '../framework/command-context.ts';

/** A left student of the district whose erasure falls in the window asked for, with its day. */
export interface DueRecord {
  student: RetentionStudentDoc & { leftAt: string };
  school: SchoolDoc;
  dueOn: string;
}

/**
 * The district's left students whose erasure is due: within the due list's 30 days (`window`), or today or before
 * (`past`, the daily job). Held ones are included: the list shows them, the job skips them. Oldest due first.
 */
export async function dueRecordsOf(context: Pick<AppContext, 'readStore'>, district: DistrictDoc, now: Date, window: 'within-30-days' | 'past'): Promise<DueRecord[]> {
  const years = district.yearsAfterLeaving;
  if (years === undefined) return [];
  const retention = retentionQueries(context.readStore);
  const due: DueRecord[] = [];
  for (const school of await organisationQueries(context.readStore).schoolsOfDistrict(district.id)) {
    for (const student of await retention.leftStudentsOfSchool(school.id)) {
      if (student.leftAt === null) continue;
      const dueOn = erasureDueOn(student.leftAt, years);
      if (window === 'past' ? erasureIsDue(dueOn, now) : dueWithinWindow(dueOn, now)) due.push({ student: { ...student, leftAt: student.leftAt }, school, dueOn });
    }
  }
  return due.sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.student.id.localeCompare(b.student.id));
}

export const isOverdue = (dueOn: string, now: Date): boolean => dueOn < dayOf(now);
