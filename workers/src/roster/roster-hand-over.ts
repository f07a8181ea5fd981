import type { RosterData } from '@accommodate/shared-events/domain/roster/roster-data';
import type { RosterValidation } from '@accommodate/shared-events/domain/roster/roster-validate';

/** The row lists of a roster: what makes a district's roster hundreds of thousands of objects. */
type RowLists = Pick<RosterData, 'schools' | 'classes' | 'staff' | 'students' | 'enrollments' | 'removedUsers'>;

/** One message from the reading thread: the validation without its rows, then a slice of one list at a time, then the end. */
export type RosterPart = { kind: 'head'; validation: RosterValidation } | { kind: 'rows'; rows: Partial<RowLists> } | { kind: 'end' };

/**
 * Rows per message. A message is copied in on the receiving thread in one piece: the whole roster of a district
 * (300,000 rows) held the API's thread in one block at the import's start, its reads' worst window;
 * a part this size takes a few milliseconds.
 */
export const ROWS_PER_PART = 5_000;

const slices = <T>(rows: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));

/** A validation as the parts the reading thread sends, one each time the API's thread asks for the next. */
export function* rosterParts(validation: RosterValidation, rowsPerPart = ROWS_PER_PART): Generator<RosterPart> {
  const { data } = validation;
  if (!data) {
    yield { kind: 'head', validation };
  } else {
    const { schools, classes, staff, students, enrollments, removedUsers } = data;
    yield { kind: 'head', validation: { ...validation, data: { ...data, schools: [], classes: [], staff: [], students: [], enrollments: [], removedUsers: [] } } };
    for (const rows of slices(schools, rowsPerPart)) yield { kind: 'rows', rows: { schools: rows } };
    for (const rows of slices(classes, rowsPerPart)) yield { kind: 'rows', rows: { classes: rows } };
    for (const rows of slices(staff, rowsPerPart)) yield { kind: 'rows', rows: { staff: rows } };
    for (const rows of slices(students, rowsPerPart)) yield { kind: 'rows', rows: { students: rows } };
    for (const rows of slices(enrollments, rowsPerPart)) yield { kind: 'rows', rows: { enrollments: rows } };
    for (const rows of slices(removedUsers, rowsPerPart)) yield { kind: 'rows', rows: { removedUsers: rows } };
  }
  yield { kind: 'end' };
}

const append = <T>(into: T[], rows: readonly T[] | undefined) => {
  for (const row of rows ?? []) into.push(row);
};

/** Puts the parts back together on the API's thread: `take` returns the validation once its end has come. */
export function rosterReassembly(): { take(part: RosterPart): RosterValidation | null } {
  let validation: RosterValidation | null = null;
  return {
    take(part) {
      if (part.kind === 'head') {
        validation = part.validation;
        return null;
      }
      if (!validation) throw new Error('A roster part came before its head');
      if (part.kind === 'end') return validation;
      const { data } = validation;
      if (!data) throw new Error('Rows came for a roster that has none');
      append(data.schools, part.rows.schools);
      append(data.classes, part.rows.classes);
      append(data.staff, part.rows.staff);
      append(data.students, part.rows.students);
      append(data.enrollments, part.rows.enrollments);
      append(data.removedUsers, part.rows.removedUsers);
      return null;
    },
  };
}
