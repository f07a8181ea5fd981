import type { DistrictEvent } from '../../events/district-events.ts';
import type { Decider } from '../decider.ts';
import { IllegalStateError, NotFoundError, ValidationError } from '../errors.ts';
import { reinvitationActivates } from '../invitation.ts';
import { decideSso, decideSsoRemoval, type ConfigureDistrictSso, type RemoveDistrictSso } from './district-sso.ts';
import { decideSsoDomain, type SsoDomainCommand } from './sso-domain-proof.ts';
import { SYSTEM_ACTOR } from '../../events/envelope.ts';
import { isIanaTimeZone, UNKNOWN_TIME_ZONE } from '../../schemas/time-zone.ts';
import { DISTRICT_EVENT_TYPES, districtAdminIds, evolveDistrict, initialDistrictState, isDistrictAdmin, type DistrictState, type PresentDistrict } from './district.ts';

export type DistrictCommand =
  | { type: 'CreateDistrict'; districtId: string; name: string; userId: string }
  | { type: 'InviteDistrictAdmin'; districtId: string; userId: string; newAdminId: string; email: string; granteeUserId: string | null }
  | { type: 'ActivateDistrictAdmin'; districtId: string; adminId: string; granteeUserId: string }
  /** `admin`: the account that stops administering, or a pending invitation's id (it has no account yet). */
  | { type: 'RemoveDistrictAdmin'; districtId: string; userId: string; admin: string }
  /** Retention: how many years the records of students who left are kept. */
  | { type: 'SetRetention'; districtId: string; userId: string; yearsAfterLeaving: number }
  /** The IANA zone the district's records print times in. */
  | { type: 'SetTimeZone'; districtId: string; userId: string; timeZone: string }
  /** The district's days without school, replaced whole (the route has checked each is a real date). */
  | { type: 'SetNonSchoolDays'; districtId: string; userId: string; dates: readonly string[] }
  /**
   * Leaving the product, once every student of the district was erased: `confirmName` is the district's
   * name as the admin typed it.
   */
  | { type: 'EraseDistrict'; districtId: string; userId: string; confirmName: string; studentsErased: number; schoolIds: string[] }
  | ConfigureDistrictSso
  | RemoveDistrictSso
  | SsoDomainCommand;

export const LAST_DISTRICT_ADMIN = 'A district needs at least one admin. Add another admin before you remove yourself.';
export const RETENTION_YEARS = 'Enter a whole number of years, at least 1';
export const ERASE_CONFIRMATION = 'Type the district’s name exactly to confirm';

/** Whether the typed confirmation names the district (the check before anything is erased, and again in the decision). */
export const confirmsErasure = (district: Pick<PresentDistrict, 'name'>, confirmName: string): boolean => confirmName.trim() === district.name.trim();

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
    case 'RemoveDistrictAdmin':
      authorizeDistrictAdmin(state, command.userId);
      return decideAdminRemoval(command, state);
    case 'SetRetention':
      authorizeDistrictAdmin(state, command.userId);
      if (!Number.isInteger(command.yearsAfterLeaving) || command.yearsAfterLeaving < 1) throw ValidationError.onField('yearsAfterLeaving', RETENTION_YEARS);
      if (state.yearsAfterLeaving === command.yearsAfterLeaving) return [];
      return [{ type: 'DistrictRetentionSet', data: { districtId, yearsAfterLeaving: command.yearsAfterLeaving, setBy: command.userId } }];
    case 'SetTimeZone':
      authorizeDistrictAdmin(state, command.userId);
      if (!isIanaTimeZone(command.timeZone)) throw ValidationError.onField('timeZone', UNKNOWN_TIME_ZONE);
      if (state.timeZone === command.timeZone) return [];
      return [{ type: 'DistrictTimeZoneSet', data: { districtId, timeZone: command.timeZone, setBy: command.userId } }];
    case 'SetNonSchoolDays': {
      authorizeDistrictAdmin(state, command.userId);
      const dates = [...new Set(command.dates)].sort();
      if (JSON.stringify(dates) === JSON.stringify(state.nonSchoolDays ?? [])) return [];
      return [{ type: 'DistrictNonSchoolDaysSet', data: { districtId, dates, setBy: command.userId } }];
    }
    case 'EraseDistrict': {
      authorizeDistrictAdmin(state, command.userId);
      if (!confirmsErasure(state, command.confirmName)) throw ValidationError.onField('confirmName', ERASE_CONFIRMATION);
      const { userId: erasedBy, studentsErased, schoolIds } = command;
      return [{ type: 'DistrictErased', data: { districtId, erasedBy, studentsErased, schoolIds } }];
    }
    case 'ConfigureDistrictSso':
      authorizeDistrictAdmin(state, command.userId);
      return decideSso(command, state.sso, state.ssoDomainTokens);
    case 'RemoveDistrictSso':
      authorizeDistrictAdmin(state, command.userId);
      return decideSsoRemoval(command, state.sso);
    case 'VerifySsoDomain':
      // A district admin proves it by DNS; the operator vouches from the console, for any district.
      if (command.vouch.method === 'dns') authorizeDistrictAdmin(state, command.vouch.userId);
      else if (state.status !== 'present') throw new NotFoundError('District');
      return decideSsoDomain(command, state);
    case 'RecheckSsoDomain':
    case 'IssueSsoDomainTokens':
      // Asked by the system (the daily check) or on a district admin's read, checked by the route.
      if (state.status !== 'present') return [];
      return decideSsoDomain(command, state);
  }
}

/**
 * An account loses the role with every invitation that gave it; a pending invitation is withdrawn. Somebody must be
 * left to administer the district: the system that provisioned a district is nobody's account, so it does not count.
 */
function decideAdminRemoval(command: Extract<DistrictCommand, { type: 'RemoveDistrictAdmin' }>, state: PresentDistrict): DistrictEvent[] {
  const admins = Object.values(state.admins);
  const pending = admins.find((admin) => admin.adminId === command.admin && admin.granteeUserId === null);
  const userId = pending ? null : command.admin;
  if (userId !== null && !isDistrictAdmin(state, userId)) throw new NotFoundError('District admin');
  const adminIds = pending ? [pending.adminId] : admins.filter((admin) => admin.granteeUserId === userId).map((admin) => admin.adminId);
  const remaining = districtAdminIds(state).filter((each) => each !== userId && each !== SYSTEM_ACTOR.userId);
  if (remaining.length === 0) throw new IllegalStateError(LAST_DISTRICT_ADMIN);
  return [{ type: 'DistrictAdminRemoved', data: { districtId: command.districtId, userId, adminIds, removedBy: command.userId } }];
}

export const districtDecider: Decider<DistrictState, DistrictCommand, DistrictEvent> = {
  eventTypes: DISTRICT_EVENT_TYPES,
  initialState: initialDistrictState,
  evolve: evolveDistrict,
  decide: decideDistrict,
};
