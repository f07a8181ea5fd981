import { DISTRICT_EVENTS, type DistrictEvent } from '../../events/district-events.ts';
import { isEventOf, typesOf } from '../event-types.ts';
import { evolveProof, evolveSso, type DistrictSsoState } from './district-sso.ts';

export const DISTRICT_EVENT_TYPES = typesOf(DISTRICT_EVENTS);
export const isDistrictEvent = isEventOf<DistrictEvent>(DISTRICT_EVENT_TYPES);

/** An invitation to be a district admin: pending (granteeUserId null) until an account proves the e-mail. */
export interface DistrictAdminState {
  adminId: string;
  email: string;
  granteeUserId: string | null;
}

export interface PresentDistrict {
  status: 'present';
  name: string;
  createdBy: string;
  admins: Record<string, DistrictAdminState>;
  /** The creator was removed as an admin: they hold the role again only through a new invitation. */
  creatorRemoved?: true;
  /** Years the records of students who left are kept (retention); absent: no rule, nothing is erased. */
  yearsAfterLeaving?: number;
  /** The IANA zone its records print times in; absent: each reader's own. */
  timeZone?: string;
  /** Its days without school besides weekends (YYYY-MM-DD, sorted); absent: none set. */
  nonSchoolDays?: string[];
  /** Single sign-on, once configured. */
  sso?: DistrictSsoState;
  /** The code of each e-mail domain it ever listed, which its TXT record must carry to prove the domain is its own. */
  ssoDomainTokens?: Record<string, string>;
}

/** An erased district (it left the product) keeps only its receipt: nobody administers it any more. */
export type DistrictState = { status: 'absent' } | PresentDistrict | { status: 'erased' };

export const initialDistrictState = (): DistrictState => ({ status: 'absent' });

/** The one fold of a district's stream: the write side and the read model alike. */
export function evolveDistrict(state: DistrictState, event: DistrictEvent): DistrictState {
  if (event.type === 'DistrictCreated') {
    if (state.status !== 'absent') return state;
    return { status: 'present', name: event.data.name, createdBy: event.data.createdBy, admins: {} };
  }
  if (state.status !== 'present') return state;
  switch (event.type) {
    case 'DistrictAdminInvited': {
      const { adminId, email, granteeUserId } = event.data;
      return { ...state, admins: { ...state.admins, [adminId]: { adminId, email, granteeUserId } } };
    }
    case 'DistrictAdminActivated': {
      const admin = state.admins[event.data.adminId];
      if (!admin) return state;
      return { ...state, admins: { ...state.admins, [admin.adminId]: { ...admin, granteeUserId: event.data.granteeUserId } } };
    }
    case 'DistrictAdminRemoved': {
      const admins = Object.fromEntries(Object.entries(state.admins).filter(([adminId]) => !event.data.adminIds.includes(adminId)));
      return { ...state, admins, ...(event.data.userId === state.createdBy && { creatorRemoved: true as const }) };
    }
    case 'DistrictRetentionSet':
      return { ...state, yearsAfterLeaving: event.data.yearsAfterLeaving };
    case 'DistrictTimeZoneSet':
      return { ...state, timeZone: event.data.timeZone };
    case 'DistrictNonSchoolDaysSet':
      return { ...state, nonSchoolDays: event.data.dates };
    case 'DistrictErased':
      return { status: 'erased' };
    case 'DistrictSsoConfigured':
      return { ...state, sso: evolveSso(state.sso, event.data) };
    case 'DistrictSsoRemoved': {
      const { sso: _removed, ...rest } = state;
      return rest;
    }
    case 'DistrictSsoDomainTokenIssued':
      return { ...state, ssoDomainTokens: { ...state.ssoDomainTokens, [event.data.domain]: event.data.token } };
    case 'DistrictSsoDomainVerified':
      return withSso(state, evolveProof(state.sso, event.data.domain, { status: 'verified', method: event.data.method }));
    case 'DistrictSsoDomainSuspended': {
      const method = state.sso?.proofs[event.data.domain]?.method ?? 'dns';
      return withSso(state, evolveProof(state.sso, event.data.domain, { status: 'suspended', method }));
    }
  }
}

const withSso = (state: PresentDistrict, sso: DistrictSsoState | undefined): PresentDistrict => (sso ? { ...state, sso } : state);

/** Who administers the district now: its creator (unless removed) and every invited admin who proved the address. */
export const districtAdminIds = (state: Pick<PresentDistrict, 'createdBy' | 'admins' | 'creatorRemoved'>): string[] => [
  ...new Set([
    ...(state.creatorRemoved ? [] : [state.createdBy]),
    ...Object.values(state.admins).flatMap((admin) => (admin.granteeUserId === null ? [] : [admin.granteeUserId])),
  ]),
];

export const isDistrictAdmin = (state: DistrictState, userId: string): boolean => state.status === 'present' && districtAdminIds(state).includes(userId);
