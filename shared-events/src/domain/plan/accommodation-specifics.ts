import { specificsText, type AccommodationSpecifics } from '../../schemas/plan-record.ts';

/**
 * Each accommodation with what the plan's meeting wrote for this student (the room, the group size), as one line.
 * Those who carry the plan out act on these specifics, not on the library's general description.
 */
export function withSpecifics<T extends { id: string }>(accommodations: readonly T[], specifics: readonly AccommodationSpecifics[] | undefined): (T & { specifics?: string })[] {
  return accommodations.map((accommodation) => {
    const given = specifics?.find((one) => one.accommodationId === accommodation.id);
    return given ? { ...accommodation, specifics: specificsText(given) } : accommodation;
  });
}
