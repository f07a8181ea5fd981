import type { ReadStore } from '../store/read-store.ts';
import { CLASSES, type ClassDoc } from './caseload-schema.ts';

/** The named reads of the classes (kept by the caseload projection). Lists come unsorted. */
export function classQueries(store: Pick<ReadStore, 'collection'>) {
  const classes = () => store.collection<ClassDoc>(CLASSES);
  return {
    classById: (classId: string) => classes().get(classId),
    /** Classes the user owns or co-teaches (an invitation still pending gives none). */
    classesTaughtBy: (userId: string) => classes().find({ teacherIds: userId }),
    /** Classes with an invitation waiting for someone to prove the e-mail (lower-cased). */
    classesInvitingEmail: (email: string) => classes().find({ pendingEmails: email }),
    /** Every class, for the workers' daily catch-up of invitation e-mails. */
    allClasses: () => classes().find(),
    /** The school's classes, whoever teaches them. */
    classesOfSchool: (schoolId: string) => classes().find({ schoolId }),
  };
}
