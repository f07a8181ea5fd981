import type { StudentDetails } from '../schemas/student.ts';

/** Test fixture: a student's details with only the required fields filled, as the decider and projections see them. */
export const janeDetails: StudentDetails = {
  firstName: 'Jane',
  lastInitial: 'D',
  grade: '4',
  status: 'active',
  birthdate: null,
  parentName: null,
  parentEmail: null,
  parentNotes: null,
  notes: null,
};
