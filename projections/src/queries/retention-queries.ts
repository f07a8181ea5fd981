import type { ReadStore } from '../store/read-store.ts';
import { RETENTION_STUDENTS, type RetentionStudentDoc } from './retention-schema.ts';
import { DISTRICTS, type DistrictDoc } from './organisation-schema.ts';

export type { RetentionStudentDoc };

/** The named reads of retention: a school's students who left, a student's hold, the districts with a rule. */
export function retentionQueries(store: Pick<ReadStore, 'collection'>) {
  const students = () => store.collection<RetentionStudentDoc>(RETENTION_STUDENTS);
  return {
    studentById: (studentId: string) => students().get(studentId),
    leftStudentsOfSchool: (schoolId: string) => students().find({ schoolId, left: true }),
    /** How many of these schools' students are on legal hold: one read per school, not one per student. */
    async heldInSchools(schoolIds: readonly string[]): Promise<number> {
      const found = await Promise.all(schoolIds.map((schoolId) => students().find({ schoolId })));
      return found.flat().filter((student) => student.hold !== null).length;
    },
    /** Every district that set a retention rule (few: one per customer). */
    async districtsWithRule(): Promise<DistrictDoc[]> {
      return (await store.collection<DistrictDoc>(DISTRICTS).find()).filter((district) => typeof district.yearsAfterLeaving === 'number');
    },
  };
}
