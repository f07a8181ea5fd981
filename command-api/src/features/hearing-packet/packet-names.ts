import { ACCOMMODATION_TEMPLATES } from '@accommodate/shared-events/config/accommodation-templates';
import { accommodationAsOf, REMOVED_ACCOMMODATION } from '@accommodate/shared-events/domain/accommodation/library-as-of';
import { planRecordAsOf } from '@accommodate/shared-events/domain/plan/plan-revisions';
import { planVersionsOf } from '@accommodate/shared-events/domain/plan/plan-versions';
import type { StudentDoc } from '@accommodate/projections/queries/caseload-schema';
import type { AppContext } from '../../framework/command-context.ts';
import { loadAccommodationStreams, type StudentStreams } from '../../shared/student-streams.ts';
import type { NameOf } from './plan-record-blocks.ts';

/**
 * Every accommodation the packet may name, by id: one the student no longer has (removed by an amendment, say) is
 * still named as people knew it, never by the library's internal id. The student's list first, then as a signed
 * version froze it, then the shared templates, then the accommodation's own stream as it read at the range's end.
 */
export async function packetAccommodationNames(
  context: Pick<AppContext, 'eventStore'>,
  student: Pick<StudentDoc, 'accommodations'>,
  streams: StudentStreams,
  end: string,
): Promise<NameOf> {
  const names = new Map<string, string>();
  for (const template of ACCOMMODATION_TEMPLATES) names.set(template.id, template.name);
  for (const events of streams.plans) for (const version of planVersionsOf(events)) for (const { id, name } of version.content.accommodations) names.set(id, name);
  for (const { id, name } of student.accommodations) names.set(id, name);
  const unnamed = streams.plans.flatMap((events) => planRecordAsOf(events, end)?.specifics.map((one) => one.accommodationId) ?? []).filter((id) => !names.has(id));
  for (const [id, stream] of await loadAccommodationStreams(context, unnamed)) {
    const state = accommodationAsOf(stream, end);
    if (state.status === 'present') names.set(id, state.name);
  }
  return (id) => names.get(id) ?? REMOVED_ACCOMMODATION;
}
