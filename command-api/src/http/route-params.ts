import { z } from 'zod';
import type { Request } from 'express';
import { HttpError } from './errors.ts';

const idSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);

/** Whether a value has the form of a record id (ids in a list, such as ?ids=a,b, are checked one by one). */
export const isRecordId = (value: string): boolean => idSchema.safeParse(value).success;

/** Route ids are opaque; anything malformed is simply not found, never a crash or an echo. */
export function idParam(req: Request, name = 'id'): string {
  const parsed = idSchema.safeParse(req.params[name]);
  if (!parsed.success) throw new HttpError(404, 'Record not found');
  return parsed.data;
}

/** An id given as a query parameter (?classId=): absent is undefined; malformed is not found, as in the path. */
export function idQuery(req: Request, name: string): string | undefined {
  const value = req.query[name];
  if (value === undefined) return undefined;
  const parsed = idSchema.safeParse(value);
  if (!parsed.success) throw new HttpError(404, 'Record not found');
  return parsed.data;
}
