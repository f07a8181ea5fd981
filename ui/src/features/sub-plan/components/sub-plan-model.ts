import type { StudentAccommodation } from '@accommodate/shared-events/schemas/student';
import type { SubPlanEntry } from '../api/get-sub-plan.ts';
import type { SubPlanClass } from '../api/get-sub-plan-classes.ts';
import { periodLabel, roomLabel } from '../../../lib/class-labels.ts';

const byActiveThenName = (a: StudentAccommodation, b: StudentAccommodation) =>
  Number(b.status === 'active') - Number(a.status === 'active') || a.name.localeCompare(b.name);

/** Students in name order; inside each, active accommodations first, then by name. */
export function orderSubPlan(entries: SubPlanEntry[]): SubPlanEntry[] {
  return [...entries]
    .sort((a, b) => a.student.name.localeCompare(b.student.name))
    .map((entry) => ({ ...entry, accommodations: [...entry.accommodations].sort(byActiveThenName) }));
}

/** The classes as the server orders them (by period); inside each, students by name, active accommodations first. */
export const orderSubPlanClasses = (classes: SubPlanClass[]): SubPlanClass[] =>
  classes.map((entry) => ({
    ...entry,
    students: [...entry.students]
      .sort((a, b) => a.student.name.localeCompare(b.student.name))
      .map((row) => ({ ...row, accommodations: [...row.accommodations].sort(byActiveThenName) })),
  }));

/** The teachers who shared these students, for the sheet's "from" line. */
export const sharedByNames = (entries: SubPlanEntry[]): string[] =>
  [...new Set(entries.map((entry) => entry.sharedBy.name))].sort((a, b) => a.localeCompare(b));

/** A class's heading: 'Period 3: Algebra I', or its name alone when it has no period. */
export const classHeading = ({ name, period }: SubPlanClass['class']): string => (period ? `${periodLabel(period)}: ${name}` : name);

/** 'Math · Room 204 · 2 students': the rest of what tells the sub where to be. */
export function classDetails({ class: { subject, room }, students }: SubPlanClass): string {
  const count = `${students.length} student${students.length === 1 ? '' : 's'}`;
  return [subject, room ? roomLabel(room) : null, count].filter((part): part is string => Boolean(part)).join(' · ');
}

/** Students shared with me as a substitute whom no class of mine already lists. */
export const sharedOutsideClasses = (entries: SubPlanEntry[], classes: SubPlanClass[]): SubPlanEntry[] => {
  const inClasses = new Set(classes.flatMap((entry) => entry.students.map((row) => row.student.id)));
  return entries.filter((entry) => !inClasses.has(entry.student.id));
};
