import type { z } from 'zod';

/**
 * Control characters (C0, DEL, C1) and the Unicode line and paragraph separators. In a name or a title they can only
 * be an attack: each would end a line of a calendar feed, an e-mail header or a log line, and start one of the
 * sender's choosing (once found: `SUMMARY:...␍DESCRIPTION:inj` in the ICS feed).
 */
const LINE_BREAKING = /[\p{Cc}\p{Zl}\p{Zp}]/u;

export const isSingleLine = (text: string): boolean => !LINE_BREAKING.test(text);

/** A single-line text field (a name, a title) refuses control characters, with the field's label in the message. */
export const singleLine = (schema: z.ZodString, label: string) =>
  schema.refine(isSingleLine, `${label} cannot contain line breaks or control characters`);

/** For what must be one line whatever it was given (a mail header): each run of line-breaking characters becomes a space. */
export const toSingleLine = (text: string): string => text.replace(new RegExp(LINE_BREAKING.source, 'gu'), ' ').replace(/ {2,}/g, ' ').trim();
