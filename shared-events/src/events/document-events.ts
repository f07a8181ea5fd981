import { z } from 'zod';
import { defineEvent, type EventOf } from './define-event.ts';

export const DocumentUploaded = defineEvent(
  'DocumentUploaded',
  1,
  z.object({
    documentId: z.string(),
    studentId: z.string(),
    name: z.string(),
    /** Detected from the bytes, never taken from the file name. */
    mimeType: z.string(),
    size: z.number().int().nonnegative(),
    sha256: z.string(),
  }),
);
export const DocumentDeleted = defineEvent(
  'DocumentDeleted',
  1,
  z.object({ documentId: z.string(), studentId: z.string() }),
);

export const DOCUMENT_EVENTS = [DocumentUploaded, DocumentDeleted] as const;
export type DocumentEvent = EventOf<(typeof DOCUMENT_EVENTS)[number]>;
