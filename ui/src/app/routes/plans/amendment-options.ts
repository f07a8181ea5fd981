import { useAccommodationLibrary } from '../../../features/accommodations/api/get-accommodation-library.ts';
import { useStudentAccommodations } from '../../../features/students/api/get-student-accommodations.ts';
import type { AccommodationOption } from '../../../features/plans/components/amend-plan-dialog.tsx';

/**
 * What an amendment may hold, as the student form's rule has it: the caller's library, and what the
 * student has already (a colleague's own accommodation may stay).
 */
export function useAmendmentOptions(studentId: string): AccommodationOption[] {
  const library = useAccommodationLibrary();
  const current = useStudentAccommodations(studentId);
  const options = new Map<string, string>();
  for (const accommodation of [...(current.data ?? []), ...(library.data ?? [])]) options.set(accommodation.id, accommodation.name);
  return [...options].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}
