import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api-client.ts';

/** The server validates with the same schemas; its field messages go next to the fields. */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): void {
  if (!(error instanceof ApiRequestError)) return;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    setError(field as Path<T>, { type: 'server', message });
  }
}

/** The message a toast or alert shows: the server's own words, else the spec's fallback. */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) return error.serverMessage ?? fallback;
  return fallback;
}
