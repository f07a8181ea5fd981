import type { Request } from 'express';
import { testingList } from '@accommodate/shared-events/domain/accommodation/testing-accommodations';
import { roleOn } from '@accommodate/shared-events/domain/access/student-access';
import type { RecordAccessAction } from '@accommodate/shared-events/events/access-events';
import type { TestingListRow } from '@accommodate/shared-events/schemas/testing-accommodations';
import { gradeLabel } from '@accommodate/shared-events/schemas/student';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import type { StudentDoc } from '@accommodate/projections/queries/caseload-schema';
import { libraryQueries } from '@accommodate/projections/queries/accommodation-library-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { throughClassIf, type RecordAccess } from '../../shared/record-access.ts';
import { spreadsheetCsv } from '../../shared/spreadsheet-csv.ts';

type Reads = Pick<AppContext, 'readStore' | 'now'>;

/** The students' testing accommodations, each library entry's mark read once. */
export async function testingListOf(context: Reads, students: readonly StudentDoc[]): Promise<TestingListRow[]> {
  const library = libraryQueries(context.readStore);
  const marks = new Map<string, boolean>();
  for (const id of new Set(students.flatMap((student) => student.accommodationIds))) marks.set(id, (await library.accommodationById(id))?.appliesToTests === true);
  return testingList(students, (id) => marks.get(id) === true);
}

/** Each student a list names is disclosed by it (34 CFR 99.32): one entry per student, '(through a class)' where so. */
export async function recordListed(
  context: Reads,
  recordAccess: RecordAccess,
  req: Request,
  userId: string,
  rows: readonly TestingListRow[],
  access: { action: RecordAccessAction; what: string },
): Promise<void> {
  const caseload = caseloadQueries(context.readStore);
  const now = context.now();
  for (const row of rows) {
    const student = await caseload.studentById(row.student.id);
    const what = throughClassIf(student ? roleOn(student, userId, now)?.role : undefined, access.what);
    await recordAccess(req, { studentId: row.student.id, userId, action: access.action, what });
  }
}

/** One row per student and accommodation, for the testing coordinator's spreadsheet. */
export function testingCsv(rows: readonly TestingListRow[], className: string | null): string {
  const columns = ['Student', 'Grade', ...(className === null ? [] : ['Class']), 'Accommodation', 'Description'];
  return spreadsheetCsv(
    columns,
    rows.flatMap((row) =>
      row.accommodations.map((accommodation) => [
        row.student.name,
        gradeLabel(row.student.grade),
        ...(className === null ? [] : [className]),
        accommodation.name,
        accommodation.description,
      ]),
    ),
  );
}
