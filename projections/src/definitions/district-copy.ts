import type { DistrictEvent } from '@accommodate/shared-events/events/district-events';
import type { EnvelopeOf } from '@accommodate/shared-events/domain/event-types';
import { evolveDistrict, initialDistrictState, type PresentDistrict } from '@accommodate/shared-events/domain/district/district';
import type { ProjectionContext } from './projection.ts';
import { alreadyApplied } from './caseload-changes.ts';

/** What a projection keeps of a district at least: a projection reads only its own collections, so each keeps a copy. */
export type DistrictCopy = Pick<PresentDistrict, 'name' | 'createdBy' | 'admins' | 'creatorRemoved' | 'nonSchoolDays'> & { id: string; adminIds: string[]; revision: number };

/**
 * A district event folded onto a projection's copy with the one `evolveDistrict`: the district's state to keep (the
 * caller stores what it needs of it) and the copy as it was; null when there is nothing to keep: an event applied
 * already, an unknown district, or an erased one, whose copy goes here with its schools' copies (found by districtId).
 */
export async function districtAfter<D extends DistrictCopy>(
  event: EnvelopeOf<DistrictEvent>,
  context: ProjectionContext,
  collections: { districts: string; schools: string },
): Promise<{ existing: D | null; state: PresentDistrict } | null> {
  const id = event.data.districtId;
  const existing = await context.get<D>(collections.districts, id);
  if (alreadyApplied(existing, event)) return null;
  const kept: PresentDistrict | null = existing && {
    status: 'present',
    name: existing.name,
    createdBy: existing.createdBy,
    admins: existing.admins,
    ...(existing.creatorRemoved && { creatorRemoved: true }),
    ...(existing.nonSchoolDays && { nonSchoolDays: existing.nonSchoolDays }),
  };
  const state = evolveDistrict(kept ?? initialDistrictState(), event);
  if (state.status === 'absent') return null;
  if (state.status === 'erased') {
    for (const school of await context.find(collections.schools, { districtId: id })) context.delete(collections.schools, school.id);
    context.delete(collections.districts, id);
    return null;
  }
  return { existing, state };
}
