import type { SchoolEvent } from '../../events/district-events.ts';
import { evolveSchool, initialSchoolState, type PresentSchool } from './school.ts';

/**
 * Who takes over a school's student from someone leaving: its case manager, if they are still on the
 * school's staff; else the school's coordinators, then its administrators, in the order they were invited; else the
 * district's first admin. Never the person leaving. Null only for a school with none of them.
 */
export function schoolSuccessor(
  school: Pick<PresentSchool, 'staff'>,
  districtAdminIds: readonly string[],
  caseManagerId: string | null,
  leavingUserId: string,
): string | null {
  const members = Object.values(school.staff).filter((member) => member.granteeUserId !== null && member.granteeUserId !== leavingUserId);
  if (caseManagerId !== null && members.some((member) => member.granteeUserId === caseManagerId)) return caseManagerId;
  for (const role of ['coordinator', 'admin'] as const) {
    const successor = members.find((member) => member.role === role)?.granteeUserId;
    if (successor) return successor;
  }
  return districtAdminIds.find((adminId) => adminId !== leavingUserId) ?? null;
}

/**
 * The account of a staff member the school's stream has removed, as it was when they left; null while they are on the
 * staff (again), or when they left before any account proved their address. For a hand-over decided after the
 * removal was written: the roster import's, which on a run after a crash finds the removal already there.
 */
export function departedAccount(events: readonly SchoolEvent[], staffId: string): string | null {
  let state = initialSchoolState();
  let departed: string | null = null;
  for (const event of events) {
    const before = state.status === 'present' ? state.staff[staffId] : undefined;
    state = evolveSchool(state, event);
    if (event.type === 'StaffRemoved' && event.data.staffId === staffId && before) departed = before.granteeUserId;
    if (event.type === 'StaffInvited' && event.data.staffId === staffId) departed = null;
  }
  return departed;
}
