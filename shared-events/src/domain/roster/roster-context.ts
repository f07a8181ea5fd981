/** What the product made of earlier imports: product ids (never sourcedIds); staff as `<schoolId>|<userId>`. */
export interface RosterLinks {
  schools: string[];
  classes: string[];
  students: string[];
  staff: string[];
}

export const NO_LINKS: RosterLinks = { schools: [], classes: [], students: [], staff: [] };

export type RosterIdKind = 'school' | 'class' | 'user' | 'staff' | 'classTeacher';

export interface RosterPlanContext {
  districtId: string;
  /**
   * The district admin who imports: acts for the district in the commands that check who acts. New students and
   * classes are the school's, not hers, and the log names the SIS as their author.
   */
  importerId: string;
  /** The product id of a OneRoster record: the same sourcedId gives the same id at every import of the district. */
  idFor: (kind: RosterIdKind, sourcedId: string) => string;
  /** Accounts that proved an address: a staff member or class teacher who has one is active at once. */
  accounts: ReadonlyMap<string, string>;
  /**
   * The addresses of staff earlier imports made, by product user id, for those a delta's enrollments take off a class
   * without sending their users.csv row again, and for departing staff (a class teacher is known by address).
   */
  staffEmails: ReadonlyMap<string, string>;
  /**
   * The classes (product ids) each departing staff member's address teaches or is invited to, as the read model knows
   * them: only these class streams are read for a departure, so an import nobody leaves reads none of them.
   */
  classesByTeacherEmail: ReadonlyMap<string, readonly string[]>;
  previous: RosterLinks;
}
