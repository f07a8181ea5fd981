import { z } from 'zod';
import { isoDate } from './iso-date.ts';
import { studentAccommodationSchema, studentSchema } from './student.ts';

const text = (max: number) => z.string().trim().max(max).optional().nullable();
/** Empty is null. */
const optionalText = (max: number) => text(max).transform((value) => (value ? value : null));
/** For a PATCH: absent keeps the value (undefined), empty or null clears it. */
const patchText = (max: number) => text(max).transform((value) => (value === undefined ? undefined : value ? value : null));

const date = z.union([z.literal(''), isoDate]).optional().nullable();
/** Empty is null. */
const optionalDate = date.transform((value) => (value ? value : null));
/** For a PATCH: absent keeps the date, empty or null clears it. */
const patchDate = date.transform((value) => (value === undefined ? undefined : value ? value : null));

export const TERM_ENDS_BEFORE_START = 'The term’s end date must be on or after its start date';
/** Both dates given, the end on or after the start; the decider checks it again against what a PATCH keeps. */
const termInOrder = ({ termStart, termEnd }: { termStart?: string | null; termEnd?: string | null }) => !termStart || !termEnd || termEnd >= termStart;
const termOrderIssue = { message: TERM_ENDS_BEFORE_START, path: ['termEnd'] };

/** A class's own fields: what ClassCreated carries and ClassUpdated may change. */
export const classDetailsSchema = z.object({
  name: z.string(),
  period: z.string().nullable(),
  subject: z.string().nullable(),
  room: z.string().nullable(),
  /** The term the class runs (YYYY-MM-DD), either or both unknown. */
  termStart: z.string().nullable(),
  termEnd: z.string().nullable(),
});
export type ClassDetails = z.infer<typeof classDetailsSchema>;

const classFields = {
  name: z.string({ required_error: 'Class name is required' }).trim().min(1, 'Class name is required').max(100, 'Class name must be 100 characters or fewer'),
  period: optionalText(40),
  subject: optionalText(100),
  room: optionalText(40),
  termStart: optionalDate,
  termEnd: optionalDate,
};

/** POST /api/classes, validated identically in the browser and by the API. */
export const classFormSchema = z
  .object({ ...classFields, schoolId: z.string().min(1).max(100).optional().nullable() })
  .refine(termInOrder, termOrderIssue);
export type ClassForm = z.input<typeof classFormSchema>;
export type ClassInput = z.output<typeof classFormSchema>;

/** PATCH /api/classes/:id: only the fields sent change. */
export const classPatchSchema = z
  .object({
    name: classFields.name.optional(),
    period: patchText(40),
    subject: patchText(100),
    room: patchText(40),
    termStart: patchDate,
    termEnd: patchDate,
  })
  .refine(termInOrder, termOrderIssue);
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
  /** Leads a school's class (the SIS's primary teacher); absent from a server before leads. */
  lead: z.boolean().optional(),
});

export const classSchema = z.object({
  id: z.string(),
  ...classDetailsSchema.shape,
  schoolId: z.string().nullable(),
  status: z.enum(CLASS_STATUSES),
  /** How the caller reaches the class: its owner manages it, its teachers read it. */
  access: z.enum(CLASS_ROLES),
  /** Who leads the class: its owner, or a school's class's lead teacher once signed in; null until then. */
  owner: z.object({ id: z.string(), name: z.string() }).nullable(),
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
