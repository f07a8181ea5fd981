import { z } from 'zod';

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** Accepted kinds, recognised from the file's content rather than its name. */
export const DOCUMENT_TYPES = {
  'application/pdf': 'PDF',
  'image/png': 'Image',
  'image/jpeg': 'Image',
  'image/gif': 'Image',
  'image/webp': 'Image',
  'application/msword': 'Word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
} as const;

export const documentSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  name: z.string(),
  /** Short label for the badge: PDF, Image or Word. */
  type: z.string(),
  mimeType: z.string(),
  size: z.number(),
  createdAt: z.string(),
});
export type StudentDocument = z.infer<typeof documentSchema>;
