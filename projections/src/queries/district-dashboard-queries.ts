import type { ReadStore } from '../store/read-store.ts';
import {
  DASHBOARD_ACCOMMODATIONS,
  DASHBOARD_DISTRICTS,
  DASHBOARD_SCHOOLS,
  type DashboardAccommodationDoc,
  type DashboardDistrictDoc,
  type DashboardSchoolDoc,
} from './district-dashboard-schema.ts';

export type { DashboardDistrictDoc, DashboardSchoolDoc };

/** The named reads of the district dashboard's read model: a district, its schools' tallies, accommodation names. */
export function districtDashboardQueries(store: Pick<ReadStore, 'collection'>) {
  return {
    districtById: (districtId: string) => store.collection<DashboardDistrictDoc>(DASHBOARD_DISTRICTS).get(districtId),
    /** A school's figures: its tally and, per student with a plan in force, its follow-through. */
    schoolById: (schoolId: string) => store.collection<DashboardSchoolDoc>(DASHBOARD_SCHOOLS).get(schoolId),
    schoolsOfDistrict: (districtId: string) => store.collection<DashboardSchoolDoc>(DASHBOARD_SCHOOLS).find({ districtId }),
    /** The names of these accommodations that the library still holds. */
    async accommodationNames(ids: Iterable<string>): Promise<Map<string, string>> {
      const accommodations = store.collection<DashboardAccommodationDoc>(DASHBOARD_ACCOMMODATIONS);
      const names = new Map<string, string>();
      for (const doc of await Promise.all([...ids].map((id) => accommodations.get(id)))) if (doc) names.set(doc.id, doc.name);
      return names;
    },
  };
}
