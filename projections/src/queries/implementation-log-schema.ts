import type { ImplementationEntry } from '@accommodate/shared-events/schemas/implementation-log';

/** The implementation log's read model: written by definitions/implementation-log-projection.ts. */
export const IMPLEMENTATION_LOG = 'implementation-log';

/** One student's month: the latest entry per date and accommodation (`<date>|<accommodationId>`). */
export interface ImplementationMonthDoc {
  id: string;
  studentId: string;
  /** YYYY-MM. */
  month: string;
  entries: Record<string, ImplementationEntry>;
}

export const implementationMonthId = (studentId: string, month: string): string => `${studentId}_${month}`;
