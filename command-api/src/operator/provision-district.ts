import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import { SYSTEM_ACTOR } from '@accommodate/shared-events/events/envelope';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { districtDecider } from '@accommodate/shared-events/domain/district/decide-district';
import { districtAdminFormSchema, districtFormSchema } from '@accommodate/shared-events/schemas/school';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import { userQueries } from '@accommodate/projections/queries/users-queries';

/** What an operator gives: the district's name and its first admin's e-mail (the same rules as the API's forms). */
export const provisionSchema = z.object({ name: districtFormSchema.shape.name, admin: districtAdminFormSchema.shape.email });

/**
 * A district made by the operator, the way a District sale is provisioned when DISTRICT_SIGNUP=closed: the
 * system creates it and invites its first admin by e-mail, theirs at once if an account proved the address, else
 * pending until one does (the verification activates it, as for shares). Returns the district and whether the admin
 * is active yet.
 */
export async function provisionDistrict(
  stores: { eventStore: Pick<EventStore, 'append' | 'newSubjectId'>; readStore: Pick<ReadStore, 'collection'> },
  input: z.input<typeof provisionSchema>,
): Promise<{ districtId: string; adminActive: boolean }> {
  const { name, admin: email } = provisionSchema.parse(input);
  // The district's id is the subject whose key seals its admins' addresses.
  const districtId = (await stores.eventStore.newSubjectId?.()) ?? randomUUID();
  const granteeUserId = (await userQueries(stores.readStore).verifiedUserWithEmail(email))?.id ?? null;
  const created = districtDecider.decide({ type: 'CreateDistrict', districtId, name, userId: SYSTEM_ACTOR.userId }, districtDecider.initialState());
  const state = created.reduce(districtDecider.evolve, districtDecider.initialState());
  const invited = districtDecider.decide({ type: 'InviteDistrictAdmin', districtId, userId: SYSTEM_ACTOR.userId, newAdminId: randomUUID(), email, granteeUserId }, state);
  await stores.eventStore.append(streamName('district', districtId), [...created, ...invited], {
    expectedRevision: 'no_stream',
    actor: SYSTEM_ACTOR,
    correlationId: randomUUID(),
    causationId: null,
  });
  return { districtId, adminActive: granteeUserId !== null };
}
