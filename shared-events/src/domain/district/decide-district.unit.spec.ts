import { describe, expect, it } from 'vitest';
import type { DistrictEvent } from '../../events/district-events.ts';
import { DeciderSpecification } from '../testing/decider-specification.ts';
import { IllegalStateError, NotFoundError } from '../errors.ts';
import { districtDecider } from './decide-district.ts';
import { districtAdminIds, evolveDistrict, initialDistrictState } from './district.ts';

const spec = DeciderSpecification.for(districtDecider);
const created: DistrictEvent = { type: 'DistrictCreated', data: { districtId: 'd1', name: 'Lakeside USD', createdBy: 'dana' } };
const invited = (granteeUserId: string | null): DistrictEvent => ({
  type: 'DistrictAdminInvited',
  data: { districtId: 'd1', adminId: 'a1', email: 'eli@lakeside.test', granteeUserId, invitedBy: 'dana' },
});
const activated: DistrictEvent = { type: 'DistrictAdminActivated', data: { districtId: 'd1', adminId: 'a1', granteeUserId: 'eli' } };
const invite = (overrides: { userId?: string; granteeUserId?: string | null } = {}) => ({
  type: 'InviteDistrictAdmin' as const,
  districtId: 'd1',
  userId: 'dana',
  newAdminId: 'a1',
  email: 'eli@lakeside.test',
  granteeUserId: null,
  ...overrides,
});

describe('a district', () => {
  it('is created, and its creator is its first admin', () => {
    spec.given([]).when({ type: 'CreateDistrict', districtId: 'd1', name: 'Lakeside USD', userId: 'dana' }).then([created]);
    const state = evolveDistrict(initialDistrictState(), created);
    expect(state.status === 'present' && districtAdminIds(state)).toEqual(['dana']);
  });

  it('cannot be created twice', () =>
    spec.given([created]).when({ type: 'CreateDistrict', districtId: 'd1', name: 'Again', userId: 'dana' }).thenThrows(IllegalStateError));

  it('gains an admin by e-mail, pending until the address is proved, then active', () => {
    spec.given([created]).when(invite()).then([invited(null)]);
    spec.given([created, invited(null)]).when({ type: 'ActivateDistrictAdmin', districtId: 'd1', adminId: 'a1', granteeUserId: 'eli' }).then([activated]);
    const state = [created, invited(null), activated].reduce(evolveDistrict, initialDistrictState());
    expect(state.status === 'present' && districtAdminIds(state)).toEqual(['dana', 'eli']);
  });

  it('gives a pending invitation nothing: the invited person cannot invite others yet', () =>
    spec.given([created, invited(null)]).when(invite({ userId: 'eli', granteeUserId: 'fay' })).thenThrows(NotFoundError));

  it('treats a second invitation of the same address as the first, and activates it once the address is proved', () => {
    spec.given([created, invited(null)]).when(invite()).then([]);
    spec.given([created, invited(null)]).when(invite({ granteeUserId: 'eli' })).then([activated]);
    spec.given([created, invited('eli')]).when(invite({ granteeUserId: 'eli' })).then([]);
  });

  it('is not found by anyone who does not administer it, so its existence does not leak', () => {
    spec.given([created]).when(invite({ userId: 'stranger' })).thenThrows(NotFoundError);
    spec.given([]).when(invite()).thenThrows(NotFoundError);
  });
});
