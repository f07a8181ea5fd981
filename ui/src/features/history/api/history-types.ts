import type { StudentAccommodation } from '@accommodate/shared-events/schemas/student';

/** GET /api/students/:id/history entries (command-api/src/features/history/student-history.ts). */
export interface HistoryEntry {
  at: string;
  actor: { id: string; name: string };
  kind: string;
  entity: 'student' | 'plan' | 'document' | 'share';
  entityId: string;
  changes: { field: string; before: unknown; after: unknown }[];
}

export interface PlanSnapshot {
  id: string;
  studentId: string;
  startDate: string;
  reviewDate: string;
  status: string;
  meetingDate: string | null;
  caseManager: string | null;
  lastUpdated: string;
  revision: number;
}

/** GET /api/students/:id?asOf=… */
export interface StudentAsOf {
  id: string;
  name: string;
  firstName: string;
  lastInitial: string;
  grade: string;
  status: string;
  birthdate: string | null;
  parentName: string | null;
  parentEmail: string | null;
  notes: string | null;
  asOf: string;
  accommodations: StudentAccommodation[];
  plans: PlanSnapshot[];
}

/** GET /api/plans/:id/versions, newest first. */
export interface PlanVersion {
  revision: number;
  at: string;
  actor: { id: string; name: string };
  plan: PlanSnapshot;
}
