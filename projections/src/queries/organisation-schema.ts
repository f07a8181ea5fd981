import type { PresentDistrict } from '@accommodate/shared-events/domain/district/district';
import type { PresentSchool } from '@accommodate/shared-events/domain/school/school';

/** Districts and schools, kept by the caseload projection: school roles decide who sees which students. */
export const DISTRICTS = 'districts';
export const SCHOOLS = 'schools';

export type DistrictDoc = Omit<PresentDistrict, 'status'> & {
  id: string;
  /** Its creator and the admins who proved their address: whose district it is. */
  adminIds: string[];
  /** The addresses of admin invitations still pending, for the activation when one is verified. */
  pendingEmails: string[];
  /**
   * The e-mail domains its single sign-on covers now: listed, proved by DNS or the operator, not suspended.
   * For the sign-in page's look-up; sso keeps no secret here.
   */
  ssoDomains?: string[];
  createdAt: string;
  revision: number;
};

export type SchoolDoc = Omit<PresentSchool, 'status'> & {
  id: string;
  /** The staff who proved their address, whatever their role: whose school it is. */
  staffUserIds: string[];
  pendingEmails: string[];
  createdAt: string;
  revision: number;
};
