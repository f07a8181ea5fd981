import { mayAccess } from '@accommodate/shared-events/domain/access/student-access';
import { countedAgainstFreeLimit } from '@accommodate/shared-events/domain/student/free-plan-archive';
import type { ReadStore } from '../store/read-store.ts';
import { DOCUMENTS, PLANS, SHARES, STUDENTS, type DocumentDoc, type PlanDoc, type ShareDoc, type StudentDoc } from './caseload-schema.ts';

/**
 * The named reads of the caseload read model: students, their plans, documents and shares. Lists come unsorted
 * (each screen has its own order); "visible" means the access rules' `view` at `now`, which judges share expiry
 * dates the read model cannot.
 */
export function caseloadQueries(store: Pick<ReadStore, 'collection'>) {
  const students = () => store.collection<StudentDoc>(STUDENTS);
  const plans = () => store.collection<PlanDoc>(PLANS);
  const documents = () => store.collection<DocumentDoc>(DOCUMENTS);
  const shares = () => store.collection<ShareDoc>(SHARES);

  const studentsVisibleTo = async (userId: string, now: Date): Promise<StudentDoc[]> =>
    (await students().find({ viewerIds: userId })).filter((student) => mayAccess(student, userId, 'view', now));

  return {
    studentById: (studentId: string) => students().get(studentId),
    studentsVisibleTo,
    studentsOwnedBy: (userId: string) => students().find({ ownerId: userId }),
    /** A school's students that the user may view now: all of them for its coordinators and admins. */
    studentsOfSchoolVisibleTo: async (schoolId: string, userId: string, now: Date) =>
      (await students().find({ schoolId })).filter((student) => mayAccess(student, userId, 'view', now)),
    /** Every student of a school, whoever sees them: for erasing a district that leaves the product. */
    studentsOfSchool: (schoolId: string) => students().find({ schoolId }),
    /** The account's students that count against the free limit: archived ones and a school's do not. */
    countStudentsOwnedBy: async (userId: string) => countedAgainstFreeLimit(await students().find({ ownerId: userId })).length,

    planById: (planId: string) => plans().get(planId),
    plansOfStudent: (studentId: string) => plans().find({ studentId }),
    /** Plans whose student the user may view now: the read model's viewers, less shares past their expiry date. */
    async plansVisibleTo(userId: string, now: Date): Promise<PlanDoc[]> {
      const visible = new Set((await studentsVisibleTo(userId, now)).map((student) => student.id));
      return (await plans().find({ viewerIds: userId })).filter((plan) => visible.has(plan.studentId));
    },
    /** Plans whose latest version waits for the user's acknowledgement, of students the user may still acknowledge for. */
    async plansAwaitingAcknowledgementBy(userId: string, now: Date): Promise<{ plan: PlanDoc; student: StudentDoc }[]> {
      const waiting = await plans().find({ awaitingAcknowledgement: userId });
      const found = await Promise.all(waiting.map(async (plan) => ({ plan, student: await students().get(plan.studentId) })));
      return found.filter((entry): entry is { plan: PlanDoc; student: StudentDoc } => entry.student !== null && mayAccess(entry.student, userId, 'acknowledge-plan', now));
    },
    /** Every plan, for the workers' daily sweep. */
    allPlans: () => plans().find(),

    documentById: (documentId: string) => documents().get(documentId),
    documentsOfStudent: (studentId: string) => documents().find({ studentId }),

    shareById: (shareId: string) => shares().get(shareId),
    sharesOfStudent: (studentId: string) => shares().find({ studentId }),
    /** Whether the student is shared with the e-mail already (a re-grant updates that share). */
    isSharedWith: async (studentId: string, email: string) => (await shares().count({ studentId, email })) > 0,
    /** Shares waiting for someone to register with the e-mail (lower-cased). */
    pendingSharesFor: (email: string) => shares().find({ email, status: 'pending' }),
    /** Every share, for the workers' daily sweep of expiries. */
    allShares: () => shares().find(),
    /** Every share still waiting for its person to prove the address: the workers invite them. */
    pendingShares: () => shares().find({ status: 'pending' }),
  };
}
