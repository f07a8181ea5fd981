import type { PresentSchool } from './school.ts';

/**
 * Who takes over a school's student from someone leaving (issue 23): its case manager, if they are still on the
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
