/**
 * An address invited again (a share, a class teacher, a district admin, a school's staff): the invitation changes
 * something only when it was pending and the address has since been proved by an account, which it then activates.
 */
export const reinvitationActivates = (existing: { granteeUserId: string | null }, granteeUserId: string | null): granteeUserId is string =>
  existing.granteeUserId === null && granteeUserId !== null;
