import { describe, expect, it } from 'vitest';
import type { DistrictEvent } from '../../events/district-events.ts';
import { DeciderSpecification } from '../testing/decider-specification.ts';
import { IllegalStateError, NotFoundError, ValidationError } from '../errors.ts';
import { districtDecider, LAST_DISTRICT_ADMIN } from './decide-district.ts';
import { districtAdminIds, evolveDistrict, initialDistrictState } from './district.ts';

const spec = DeciderSpecification.for(districtDecider);
const created: DistrictEvent = { type: 'DistrictCreated', data: { districtId: 'd1', name: 'Lakeside USD', createdBy: 'dana' } };
const invited = (granteeUserId: string | null): DistrictEvent => ({
  type: 'DistrictAdminInvited',
  data: { districtId: 'd1', adminId: 'a1', email: 'eli@lakeside.test', granteeUserId, invitedBy: 'dana' },
});
const activated: DistrictEvent = { type: 'DistrictAdminActivated', data: { districtId: 'd1', adminId: 'a1', granteeUserId: 'eli' } };
const invite = (overrides: { userId?: string; granteeUserId?: string | null; newAdminId?: string } = {}) => ({
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

describe('removing a district admin', () => {
  const remove = (admin: string, userId = 'dana') => ({ type: 'RemoveDistrictAdmin' as const, districtId: 'd1', userId, admin });
  const removed = (userId: string | null, adminIds: string[], removedBy = 'dana'): DistrictEvent => ({
    type: 'DistrictAdminRemoved',
    data: { districtId: 'd1', userId, adminIds, removedBy },
  });
  const adminsAfter = (events: DistrictEvent[]) => {
    const state = events.reduce(evolveDistrict, initialDistrictState());
    return state.status === 'present' ? districtAdminIds(state) : [];
  };

  it('ends an invited admin’s role, with the invitation that gave it', () => {
    spec.given([created, invited('eli')]).when(remove('eli')).then([removed('eli', ['a1'])]);
    expect(adminsAfter([created, invited('eli'), removed('eli', ['a1'])])).toEqual(['dana']);
  });

  it('removes the creator too, who comes back only by a new invitation', () => {
    spec.given([created, invited('eli')]).when(remove('dana', 'eli')).then([removed('dana', [], 'eli')]);
    const history = [created, invited('eli'), removed('dana', [], 'eli')];
    expect(adminsAfter(history)).toEqual(['eli']);
    spec.given(history).when(invite({ userId: 'dana', newAdminId: 'a2' })).thenThrows(NotFoundError);
  });

  it('lets an admin leave while another admin stays', () =>
    spec.given([created, invited('eli')]).when(remove('eli', 'eli')).then([removed('eli', ['a1'], 'eli')]));

  it('withdraws a pending invitation by its id, so proving the address later gives nothing', () => {
    spec.given([created, invited(null)]).when(remove('a1')).then([removed(null, ['a1'])]);
    spec.given([created, invited(null), removed(null, ['a1'])]).when({ type: 'ActivateDistrictAdmin', districtId: 'd1', adminId: 'a1', granteeUserId: 'eli' }).then([]);
  });

  it('refuses to remove the last admin, who would leave the district to nobody', () => {
    spec.given([created]).when(remove('dana')).thenThrows(IllegalStateError, (error) => error.message === LAST_DISTRICT_ADMIN);
    spec.given([created, invited(null)]).when(remove('dana')).thenThrows(IllegalStateError);
    const provisioned: DistrictEvent = { type: 'DistrictCreated', data: { districtId: 'd1', name: 'Lakeside USD', createdBy: 'system' } };
    spec.given([provisioned, invited('eli')]).when(remove('eli', 'eli')).thenThrows(IllegalStateError);
  });

  it('is refused to anyone who is not an admin of the district, and for someone who is not one', () => {
    spec.given([created, invited('eli')]).when(remove('eli', 'stranger')).thenThrows(NotFoundError);
    spec.given([created, invited('eli'), removed('eli', ['a1'])]).when(remove('dana', 'eli')).thenThrows(NotFoundError);
    spec.given([created, invited('eli')]).when(remove('stranger')).thenThrows(NotFoundError);
  });

  it('keeps its days without school, each once and in order, set by an admin only; the same list again changes nothing', () => {
    const set = (userId: string, dates: string[]) => ({ type: 'SetNonSchoolDays' as const, districtId: 'd1', userId, dates });
    const kept: DistrictEvent = { type: 'DistrictNonSchoolDaysSet', data: { districtId: 'd1', dates: ['2026-11-26', '2026-11-27'], setBy: 'dana' } };
    spec.given([created]).when(set('dana', ['2026-11-27', '2026-11-26', '2026-11-27'])).then([kept]);
    spec.given([created, kept]).when(set('dana', ['2026-11-26', '2026-11-27'])).then([]);
    spec.given([created]).when(set('tom', ['2026-11-26'])).thenThrows(NotFoundError);
    const state = [created, kept].reduce(evolveDistrict, initialDistrictState());
    expect(state.status === 'present' && state.nonSchoolDays).toEqual(['2026-11-26', '2026-11-27']);
  });
});

describe('a district’s time zone', () => {
  const setZone = (timeZone: string, userId = 'dana') => ({ type: 'SetTimeZone' as const, districtId: 'd1', userId, timeZone });
  const zoneSet = (timeZone: string): DistrictEvent => ({ type: 'DistrictTimeZoneSet', data: { districtId: 'd1', timeZone, setBy: 'dana' } });

  it('is set by an admin to an IANA zone, and setting the same zone again records nothing', () => {
    spec.given([created]).when(setZone('America/Chicago')).then([zoneSet('America/Chicago')]);
    spec.given([created, zoneSet('America/Chicago')]).when(setZone('America/Chicago')).then([]);
    const state = [created, zoneSet('America/Chicago')].reduce(evolveDistrict, initialDistrictState());
    expect(state.status === 'present' && state.timeZone).toBe('America/Chicago');
  });

  it('refuses a name that is no IANA zone, and anyone who does not administer the district', () => {
    spec.given([created]).when(setZone('Central Time')).thenThrows(ValidationError);
    spec.given([created]).when(setZone('America/Chicago', 'stranger')).thenThrows(NotFoundError);
  });
});
