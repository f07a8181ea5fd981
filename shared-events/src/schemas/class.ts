import { z } from 'zod';
import { studentAccommodationSchema, studentSchema } from './student.ts';

const text = (max: number) => z.string().trim().max(max).optional().nullable();
/** Empty is null. */
const optionalText = (max: number) => text(max).transform((value) => (value ? value : null));
/** For a PATCH: absent keeps the value (undefined), empty or null clears it. */
const patchText = (max: number) => text(max).transform((value) => (value === undefined ? undefined : value ? value : null));

/** A class's own fields: what ClassCreated carries and ClassUpdated may change. */
export const classDetailsSchema = z.object({
  name: z.string(),
  period: z.string().nullable(),
  subject: z.string().nullable(),
  room: z.string().nullable(),
});
export type ClassDetails = z.infer<typeof classDetailsSchema>;

const classFields = {
  name: z.string({ required_error: 'Class name is required' }).trim().min(1, 'Class name is required').max(100, 'Class name must be 100 characters or fewer'),
  period: optionalText(40),
  subject: optionalText(100),
  room: optionalText(40),
};

/** POST /api/classes, validated identically in the browser and by the API. */
export const classFormSchema = z.object({ ...classFields, schoolId: z.string().min(1).max(100).optional().nullable() });
export type ClassForm = z.input<typeof classFormSchema>;
export type ClassInput = z.output<typeof classFormSchema>;

/** PATCH /api/classes/:id: only the fields sent change. */
export const classPatchSchema = z.object({
  name: classFields.name.optional(),
  period: patchText(40),
  subject: patchText(100),
  room: patchText(40),
});
export type ClassPatch = z.output<typeof classPatchSchema>;

/** PUT /api/classes/:id/students */
export const enrolmentFormSchema = z.object({
  studentIds: z.array(z.string().min(1).max(100), { required_error: 'Choose the students of the class' }).max(200, 'A class holds at most 200 students'),
});

/** POST /api/classes/:id/teachers */
export const classTeacherFormSchema = z.object({
  email: z.string({ required_error: 'Email is required' }).trim().toLowerCase().email('Please enter a valid email address').max(254),
});

export const CLASS_STATUSES = ['active', 'archived'] as const;
export const CLASS_TEACHER_STATUSES = ['active', 'pending'] as const;

/** How the caller reaches a class: its owner manages it, its other teachers read it. */
export const CLASS_ROLES = ['owner', 'teacher'] as const;
export type ClassRole = (typeof CLASS_ROLES)[number];

export const classTeacherSchema = z.object({
  id: z.string(),
  /** Null while pending (nobody has verified the address yet). */
  userId: z.string().nullable(),
  name: z.string().nullable(),
  /** Shown to the class's owner only; other teachers see names. */
  email: z.string().nullable(),
  status: z.enum(CLASS_TEACHER_STATUSES),
});

export const classSchema = z.object({
  id: z.string(),
  ...classDetailsSchema.shape,
  schoolId: z.string().nullable(),
  status: z.enum(CLASS_STATUSES),
  /** How the caller reaches the class: its owner manages it, its teachers read it. */
  access: z.enum(CLASS_ROLES),
  owner: z.object({ id: z.string(), name: z.string() }),
  studentIds: z.array(z.string()),
  teachers: z.array(classTeacherSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The class stream's revision, as its ETag says: what If-Match sends back. */
  revision: z.number(),
});
export type SchoolClass = z.infer<typeof classSchema>;

/** One row of the roster: what a class teacher needs to carry the plan out, nothing private. */
export const rosterStudentSchema = z.object({
  student: studentSchema.pick({ id: true, name: true, grade: true, status: true }),
  accommodations: z.array(studentAccommodationSchema),
  plan: z.object({ startDate: z.string().nullable(), reviewDate: z.string().nullable() }).nullable(),
});
export type RosterStudent = z.infer<typeof rosterStudentSchema>;
