import type { DistrictEvent } from '../../events/district-events.ts';
import type { Decider } from '../decider.ts';
import { IllegalStateError, NotFoundError } from '../errors.ts';
import { reinvitationActivates } from '../invitation.ts';
import { decideSso, decideSsoRemoval, type ConfigureDistrictSso, type RemoveDistrictSso } from './district-sso.ts';
import { DISTRICT_EVENT_TYPES, evolveDistrict, initialDistrictState, isDistrictAdmin, type DistrictState } from './district.ts';

export type DistrictCommand =
  | { type: 'CreateDistrict'; districtId: string; name: string; userId: string }
  | { type: 'InviteDistrictAdmin'; districtId: string; userId: string; newAdminId: string; email: string; granteeUserId: string | null }
  | { type: 'ActivateDistrictAdmin'; districtId: string; adminId: string; granteeUserId: string }
  | ConfigureDistrictSso
  | RemoveDistrictSso;

/**
 * The district's own access: its admins manage it; anyone else learns nothing of it (not found). Staff of its schools
 * reach the district only through their school (school-access.ts).
 */
export function authorizeDistrictAdmin(state: DistrictState, userId: string): asserts state is Extract<DistrictState, { status: 'present' }> {
  if (state.status !== 'present' || !isDistrictAdmin(state, userId)) throw new NotFoundError('District');
}

export function decideDistrict(command: DistrictCommand, state: DistrictState): DistrictEvent[] {
  const { districtId } = command;
  switch (command.type) {
    case 'CreateDistrict':
      if (state.status !== 'absent') throw new IllegalStateError('This district already exists');
      return [{ type: 'DistrictCreated', data: { districtId, name: command.name, createdBy: command.userId } }];
    case 'InviteDistrictAdmin': {
      authorizeDistrictAdmin(state, command.userId);
      const existing = Object.values(state.admins).find((admin) => admin.email === command.email) ?? null;
      if (command.granteeUserId !== null && isDistrictAdmin(state, command.granteeUserId)) return [];
      if (existing === null) {
        const { newAdminId: adminId, email, granteeUserId } = command;
        return [{ type: 'DistrictAdminInvited', data: { districtId, adminId, email, granteeUserId, invitedBy: command.userId } }];
      }
      if (!reinvitationActivates(existing, command.granteeUserId)) return [];
      return [{ type: 'DistrictAdminActivated', data: { districtId, adminId: existing.adminId, granteeUserId: command.granteeUserId } }];
    }
    case 'ActivateDistrictAdmin': {
      const admin = state.status === 'present' ? state.admins[command.adminId] : undefined;
      if (!admin || admin.granteeUserId !== null) return [];
      return [{ type: 'DistrictAdminActivated', data: { districtId, adminId: admin.adminId, granteeUserId: command.granteeUserId } }];
    }
    case 'ConfigureDistrictSso':
      authorizeDistrictAdmin(state, command.userId);
      return decideSso(command, state.sso);
    case 'RemoveDistrictSso':
      authorizeDistrictAdmin(state, command.userId);
      return decideSsoRemoval(command, state.sso);
  }
}

export const districtDecider: Decider<DistrictState, DistrictCommand, DistrictEvent> = {
  eventTypes: DISTRICT_EVENT_TYPES,
  initialState: initialDistrictState,
  evolve: evolveDistrict,
  decide: decideDistrict,
};
