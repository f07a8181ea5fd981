import type { ReadStore } from '../store/read-store.ts';
import { DISTRICTS, SCHOOLS, type DistrictDoc, type SchoolDoc } from './organisation-schema.ts';

export type { DistrictDoc, SchoolDoc };

/** The named reads of districts and schools (kept by the caseload projection). Lists come unsorted. */
export function organisationQueries(store: Pick<ReadStore, 'collection'>) {
  const districts = () => store.collection<DistrictDoc>(DISTRICTS);
  const schools = () => store.collection<SchoolDoc>(SCHOOLS);
  return {
    districtById: (districtId: string) => districts().get(districtId),
    /** Every district (few: one per customer), for the API nodes' start-up look for an erasure a crash cut short. */
    allDistricts: () => districts().find(),
    districtsAdministeredBy: (userId: string) => districts().find({ adminIds: userId }),
    districtsInvitingEmail: (email: string) => districts().find({ pendingEmails: email }),
    /** The district whose single sign-on covers the e-mail domain now (verified: a domain belongs to one district at most). */
    districtSigningInDomain: async (domain: string): Promise<DistrictDoc | null> => (await districts().find({ ssoDomains: domain }))[0] ?? null,
    schoolById: (schoolId: string) => schools().get(schoolId),
    schoolsOfDistrict: (districtId: string) => schools().find({ districtId }),
    /** Schools where the user holds a staff role (a pending invitation gives none). */
    schoolsWithStaff: (userId: string) => schools().find({ staffUserIds: userId }),
    schoolsInvitingEmail: (email: string) => schools().find({ pendingEmails: email }),
    /** Every school, for the workers' daily catch-up of invitation e-mails. */
    allSchools: () => schools().find(),
  };
}
