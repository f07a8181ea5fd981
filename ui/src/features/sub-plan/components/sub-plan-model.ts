import type { StudentAccommodation } from '@accommodate/shared-events/schemas/student';
import type { SubPlanEntry } from '../api/get-sub-plan.ts';

/** Students in name order; inside each, active accommodations first, then by name. */
export function orderSubPlan(entries: SubPlanEntry[]): SubPlanEntry[] {
  const byActiveThenName = (a: StudentAccommodation, b: StudentAccommodation) =>
    Number(b.status === 'active') - Number(a.status === 'active') || a.name.localeCompare(b.name);
  return [...entries]
    .sort((a, b) => a.student.name.localeCompare(b.student.name))
    .map((entry) => ({ ...entry, accommodations: [...entry.accommodations].sort(byActiveThenName) }));
}

/** The teachers who shared these students, for the sheet's "from" line. */
export const sharedByNames = (entries: SubPlanEntry[]): string[] =>
  [...new Set(entries.map((entry) => entry.sharedBy.name))].sort((a, b) => a.localeCompare(b));
