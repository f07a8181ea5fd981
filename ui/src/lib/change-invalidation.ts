import type { QueryKey } from '@tanstack/react-query';
import type { ChangeMessage } from '@accommodate/shared-events/schemas/change-message';
import { queryKeys } from './query-keys.ts';

export interface Invalidation {
  queryKey: QueryKey;
  /** The list key ['/api/students'] prefixes every student's keys; `exact` stops it reaching them. */
  exact?: boolean;
}

/**
 * Maps a socket `change` poke to the cached queries that may now be out of date.
 * Pokes never carry data, so the UI refetches and shows the same state as a fresh load.
 */
/** The implementation log's coverage, the caller's and each school's (the feature's keys start with the path). */
const COVERAGE: Invalidation = { queryKey: ['/api/implementation-log/coverage'] };
/** Each school's plans not acknowledged and days logged: moved by a plan, a day logged, a student come or gone. */
const FOLLOW_THROUGH: Invalidation = { queryKey: queryKeys.schoolFollowThroughAll() };

export function invalidationsFor(change: ChangeMessage): Invalidation[] {
  switch (change.entity) {
    case 'student':
      return [
        { queryKey: queryKeys.students(), exact: true },
        { queryKey: queryKeys.student(change.id) },
        { queryKey: queryKeys.allStudentAccommodations() },
        { queryKey: queryKeys.subPlan() },
        { queryKey: queryKeys.schoolStudentsAll() },
        // Every class roster the student may be on.
        { queryKey: queryKeys.classes() },
        // A student added to or gone from a caseload or school is a row more or less of the coverage.
        COVERAGE,
        FOLLOW_THROUGH,
        ...atAGlance(),
      ];
    case 'share':
      // The id is the share's; the student's key prefixes its record, accommodations and share list.
      // A grant or revoke adds or removes a whole student from the recipient's list and sub plan.
      return [
        { queryKey: queryKeys.students(), exact: true },
        ...(change.studentId ? [{ queryKey: queryKeys.student(change.studentId) }] : []),
        { queryKey: queryKeys.allStudentAccommodations() },
        { queryKey: queryKeys.plans(), exact: true },
        { queryKey: queryKeys.subPlan() },
        ...atAGlance(),
      ];
    case 'accommodation':
      return [
        { queryKey: queryKeys.accommodationLibrary() },
        { queryKey: queryKeys.allStudentAccommodations() },
        { queryKey: queryKeys.subPlan() },
        ...atAGlance(),
      ];
    case 'plan':
      return [
        { queryKey: queryKeys.plans(), exact: true },
        { queryKey: queryKeys.plan(change.id) },
        // A new version asks for acknowledgements; an acknowledgement answers one.
        { queryKey: queryKeys.pendingAcknowledgements() },
        { queryKey: queryKeys.subPlan() },
        // A comparison shows each student's plan dates; the coverage counts from the plan's start.
        { queryKey: queryKeys.studentComparisons() },
        COVERAGE,
        FOLLOW_THROUGH,
      ];
    case 'user':
      return [{ queryKey: queryKeys.currentUser() }];
    case 'document':
      return change.studentId ? [{ queryKey: queryKeys.studentDocuments(change.studentId) }] : [];
    case 'notification':
      return [{ queryKey: queryKeys.notifications() }];
    case 'class':
      // The class list, the class and its roster; a teacher's students list gains or loses the class's students, and
      // the sub plan by class its rows.
      return [{ queryKey: queryKeys.classes() }, { queryKey: queryKeys.students(), exact: true }, { queryKey: queryKeys.subPlan() }, ...atAGlance()];
    case 'district':
      // My schools and districts, each district's schools and its dashboard (whose figures its schools'
      // students move) are under their keys.
      return [{ queryKey: queryKeys.schools() }, { queryKey: queryKeys.districts() }, FOLLOW_THROUGH];
    case 'implementation-log':
      // The student's log (its Implementation tab), every day view that may list them (a class's, the
      // caseload's) and the coverage. The feature keeps these keys; they start with the paths they GET.
      return [
        { queryKey: [...queryKeys.student(change.id), 'implementation-log'] },
        { queryKey: queryKeys.classes() },
        { queryKey: ['/api/implementation-log/caseload'] },
        COVERAGE,
        FOLLOW_THROUGH,
      ];
    case 'school':
      // And each school's staff; a staff change may give or take a school's students.
      return [{ queryKey: queryKeys.schools() }, { queryKey: queryKeys.districts() }, { queryKey: queryKeys.students(), exact: true }, { queryKey: queryKeys.schoolStudentsAll() }];
    case 'rosterImport':
      // The import's progress bar and report; what it wrote pokes the schools, students and classes itself.
      return [{ queryKey: queryKeys.rosterImport(change.id) }];
    case 'districtErasure':
      // The erasure's progress bar; once done, the card refreshes everything itself (the district is gone).
      return [{ queryKey: queryKeys.districtErasure(change.id) }];
    case 'retention':
      // The district's due list (a student left, a hold placed or lifted, the rule changed) and its rule.
      return [{ queryKey: queryKeys.districtRetention(change.id) }];
  }
}

/** The caseload at a glance: any student, share, class or library change may move a count or a comparison. */
const atAGlance = (): Invalidation[] => [{ queryKey: queryKeys.accommodationUsageAll() }, { queryKey: queryKeys.studentComparisons() }];
