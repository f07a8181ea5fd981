import type { Request } from 'express';
import type { StudentDetails, StudentInput } from '@accommodate/shared-events/schemas/student';
import { sanitizeNotes } from './student-notes.ts';

const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** The form's fields as stored: blanks are null, the notes sanitised. */
export function detailsFrom(input: StudentInput, current?: StudentDetails): StudentDetails {
  return {
    firstName: input.firstName,
    lastInitial: input.lastInitial,
    grade: input.grade,
    status: input.status,
    birthdate: input.birthdate || null,
    parentName: blankToNull(input.parentName),
    parentEmail: blankToNull(input.parentEmail),
    parentNotes: blankToNull(input.parentNotes),
    // Most saves send the notes back as stored, sanitised already: those need no second pass.
    notes: current && input.notes === current.notes ? current.notes : sanitizeNotes(input.notes),
  };
}

const sent = (req: Request, field: string) => typeof req.body === 'object' && req.body !== null && field in req.body;

/**
 * PUT replaces the form's fields, except that optional fields a client leaves out
 * entirely keep their value: an older client that knows nothing of notes must not erase them.
 */
export function detailsForUpdate(req: Request, input: StudentInput, current: StudentDetails): StudentDetails {
  const details = detailsFrom(input, current);
  for (const field of ['birthdate', 'parentName', 'parentEmail', 'parentNotes', 'notes'] as const) {
    if (!sent(req, field)) details[field] = current[field];
  }
  return details;
}

/** Assignments a PUT leaves out entirely stay as they are. */
export const sentAccommodationIds = (req: Request): boolean => sent(req, 'accommodationIds');
