import type { Plan } from '@accommodate/shared-events/schemas/plan';
import type { Student, StudentAccommodation } from '@accommodate/shared-events/schemas/student';

/** GET /api/students/:id/history entries (built by shared-events/src/domain/student/student-history.ts, served by command-api/src/features/history/history-routes.ts). */
export interface HistoryEntry {
  at: string;
  actor: { id: string; name: string };
  kind: string;
  entity: 'student' | 'plan' | 'document' | 'share';
  entityId: string;
  changes: { field: string; before: unknown; after: unknown }[];
}

/** A plan as it was at some revision: the same fields as a plan read now. */
export type PlanSnapshot = Plan;

/** GET /api/students/:id?asOf=…: the student as it was then (less how the viewer reaches it), with what it referenced then. */
export type StudentAsOf = Omit<Student, 'access' | 'sharedBy'> & {
  asOf: string;
  accommodations: StudentAccommodation[];
  plans: PlanSnapshot[];
};

/** GET /api/plans/:id/revisions, newest first: the plan after each change. */
export interface PlanVersion {
  revision: number;
  at: string;
  actor: { id: string; name: string };
  plan: PlanSnapshot;
}
