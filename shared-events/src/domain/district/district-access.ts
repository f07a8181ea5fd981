import { NotFoundError } from '../errors.ts';

/**
 * The one decision on a district: only its admins reach it (its schools' staff reach their school, not the district);
 * to anyone else it is not found, so that its existence does not leak. Every read model that keeps a district keeps
 * its admins' ids, as `districtAdminIds` folds them.
 */
export function authorizeDistrict<D extends { adminIds: readonly string[] }>(district: D | null, userId: string): asserts district is D {
  if (!administers(district, userId)) throw new NotFoundError('District');
}

/** Whether the user administers the district, for a decision that continues either way (a school's district admin). */
export function administers(district: { adminIds: readonly string[] } | null, userId: string): boolean {
  return district?.adminIds.includes(userId) ?? false;
}
