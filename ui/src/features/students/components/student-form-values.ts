import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { GRADES, studentFormSchema, type Student, type StudentForm, type StudentInput } from '@accommodate/shared-events/schemas/student';
import { notesAreEmpty, sanitizeNotesHtml } from './notes-html.ts';

// The student form's values: what it starts from, its choices, and what it sends (spec: "Student form (shared)").

/** A school the person adding a student may write into: one they work at, or whose district they run. */
export interface SchoolChoice {
  id: string;
  name: string;
}

/** The school a new student starts in: the only one a teacher works at, else none until chosen. */
const defaultSchoolId = (schools: readonly SchoolChoice[]): string | null => (schools.length === 1 ? schools[0]!.id : null);

export type Values = StudentForm;

export const GRADE_OPTIONS = GRADES.map((grade) => ({ value: grade, label: grade === 'K' ? 'K (Kindergarten)' : `Grade ${grade}` }));
export const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'issue', label: 'Requires Attention' },
];

export const toValues = (student?: Student, schools: readonly SchoolChoice[] = []): Values => ({
  firstName: student?.firstName ?? '',
  lastInitial: student?.lastInitial ?? '',
  grade: student?.grade ?? '',
  status: student?.status || 'active',
  accommodationIds: student?.accommodationIds ?? [],
  birthdate: student?.birthdate ?? '',
  parentName: student?.parentName ?? '',
  parentEmail: student?.parentEmail ?? '',
  parentNotes: student?.parentNotes ?? '',
  notes: student?.notes ?? '',
  // Only on creation: a student's school changes by a transfer, never by saving the form.
  ...(student ? {} : { schoolId: defaultSchoolId(schools) }),
});

/** Optional fields left blank are null, not empty strings the schema's formats would reject. */
const blankToNull = (values: Values): Values => ({
  ...values,
  birthdate: values.birthdate || null,
  parentName: values.parentName?.trim() || null,
  parentEmail: values.parentEmail?.trim() || null,
  parentNotes: values.parentNotes?.trim() || null,
  notes: notesAreEmpty(values.notes) ? null : sanitizeNotesHtml(values.notes ?? ''),
});

/** Validates exactly what will be sent, with the schema the API uses too. */
export const studentResolver: Resolver<Values, unknown, StudentInput> = (values, context, options) =>
  zodResolver(studentFormSchema)(blankToNull(values), context, options);
