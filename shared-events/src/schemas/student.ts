import { z } from 'zod';
import { singleLine } from './single-line-text.ts';
import { STUDENT_ACCESS_ROLES } from './access-roles.ts';

export const GRADES = ['K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
export const gradeLabel = (grade: string): string => (grade === 'K' ? 'Kindergarten' : `Grade ${grade}`);

/** Known statuses; the spec lets the form choose any value, and shows unknown ones as given. */
export const STUDENT_STATUSES = ['active', 'inactive', 'issue'] as const;
/** As the student page and the status filter say them; an unknown status reads as given. */
export const studentStatusLabel = (status: string): string =>
  ({ active: 'Active', inactive: 'Inactive', issue: 'Requires Attention' })[status] ?? status;

const optionalText = (max: number) => z.string().max(max).optional().nullable();

/** The student form, validated identically in the browser and by the API (spec section 5). */
export const studentFormSchema = z.object({
  firstName: singleLine(z.string({ required_error: 'First name is required' }).trim().min(1, 'First name is required').max(100), 'First name'),
  lastInitial: z
    .string({ required_error: 'Last initial is required' })
    .trim()
    .min(1, 'Last initial is required')
    .max(1, 'Please enter only the first letter of the last name')
    .regex(/^\p{L}$/u, 'Please enter only the first letter of the last name')
    .transform((initial) => initial.toUpperCase()),
  grade: z.string({ required_error: 'Grade is required' }).min(1, 'Grade is required').refine(
    (grade) => (GRADES as readonly string[]).includes(grade),
    'Grade is required',
  ),
  status: singleLine(z.string({ required_error: 'Status is required' }).trim().min(1, 'Status is required').max(40), 'Status'),
  accommodationIds: z.array(z.string().min(1).max(100)).max(200).default([]),
  birthdate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Birthdate must be a date (YYYY-MM-DD)')
    .optional()
    .nullable(),
  parentName: singleLine(z.string().max(200), 'Parent name').optional().nullable(),
  parentEmail: z.union([z.literal(''), z.string().email('Please enter a valid email address').max(254)]).optional().nullable(),
  parentNotes: optionalText(5000),
  /** HTML; the server sanitises it against an allow-list before it is stored. */
  notes: optionalText(100_000),
  /** The school to write the student into, on creation; a later move is POST /api/students/:id/transfer. */
  schoolId: z.string().min(1).max(100).optional().nullable(),
});
export type StudentForm = z.input<typeof studentFormSchema>;
export type StudentInput = z.output<typeof studentFormSchema>;

/**
 * The student's details as stored: the StudentAdded payload, what StudentDetailsUpdated may change,
 * and the detail fields of every read of a student. Optional form fields are null when empty.
 * Changing this changes the student events' contract.
 */
export const studentDetailsSchema = z.object({
  firstName: z.string(),
  lastInitial: z.string(),
  grade: z.string(),
  status: z.string(),
  birthdate: z.string().nullable(),
  parentName: z.string().nullable(),
  parentEmail: z.string().nullable(),
  parentNotes: z.string().nullable(),
  /** Sanitised HTML. */
  notes: z.string().nullable(),
});
export type StudentDetails = z.infer<typeof studentDetailsSchema>;

/** Fields that PUT may carry; anything else (such as a client-sent userId) is ignored. */
export const STUDENT_DETAIL_FIELDS: readonly StudentDetailField[] = studentDetailsSchema.keyof().options;
export type StudentDetailField = keyof StudentDetails;

export const studentAccommodationSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  description: z.string().nullable().optional(),
  status: z.string(),
});
export type StudentAccommodation = z.infer<typeof studentAccommodationSchema>;
/** GET /api/students/:id/accommodations and the sub plans: each with the current plan's specifics for this student, as one line. */
export const accommodationWithSpecificsSchema = studentAccommodationSchema.extend({ specifics: z.string().optional() });
export type AccommodationWithSpecifics = z.infer<typeof accommodationWithSpecificsSchema>;

/** The student as the API returns it. */
export const studentSchema = z.object({
  id: z.string(),
  /** Null for a school's student, imported from the SIS: it belongs to the school, not to a person. */
  ownerId: z.string().nullable(),
  ...studentDetailsSchema.shape,
  name: z.string(),
  accommodationIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  revision: z.number(),
  /** How the signed-in user reaches this student. */
  access: z.enum(STUDENT_ACCESS_ROLES),
  /** Who shared it with the signed-in user; null for the owner. */
  sharedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Beyond the free limit after the owner's Premium ended: kept, read-only for everyone, until they upgrade. */
  archived: z.boolean(),
  /** The school it belongs to, or null; absent from a server before schools. */
  schoolId: z.string().nullable().optional(),
  /** The staff member of its school responsible for its plan, or null. */
  caseManagerId: z.string().nullable().optional(),
});
export type Student = z.infer<typeof studentSchema>;

/**
 * One row of GET /api/students: what the students list, its grid, grouping, filters and search, and the header's
 * search show, and no more. Birthdate, parent fields and notes are read with the one student
 * (GET /api/students/:id), where reading them is recorded in the access log.
 */
export const studentListItemSchema = studentSchema.pick({
  id: true,
  ownerId: true,
  firstName: true,
  lastInitial: true,
  name: true,
  grade: true,
  status: true,
  accommodationIds: true,
  createdAt: true,
  updatedAt: true,
  revision: true,
  access: true,
  sharedBy: true,
  archived: true,
  schoolId: true,
  caseManagerId: true,
});
export type StudentListItem = z.infer<typeof studentListItemSchema>;

export const displayName = (student: { firstName: string; lastInitial: string }): string =>
  `${student.firstName} ${student.lastInitial}.`;
