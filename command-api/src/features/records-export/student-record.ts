import sanitizeHtml from 'sanitize-html';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { personLookup } from '@accommodate/projections/queries/users-queries';
import type { StudentDoc } from '@accommodate/projections/queries/caseload-schema';
import type { HistoryEntry } from '@accommodate/shared-events/domain/student/student-history';
import type { Plan } from '@accommodate/shared-events/schemas/plan';
import { planRecordFor, type PlanRecordView } from '@accommodate/shared-events/schemas/plan-record';
import { mayAccess } from '@accommodate/shared-events/domain/access/student-access';
import type { StudentAccommodation, StudentDetails } from '@accommodate/shared-events/schemas/student';
import type { AppContext } from '../../framework/command-context.ts';
import { studentHistory } from '../../shared/student-history.ts';

/** Everything the product holds about one student, for a parent's request to inspect (FERPA 34 CFR 99.10). */
export interface StudentRecordExport {
  exportedAt: string;
  /** The stored details but the notes, which come as text below. */
  profile: { id: string } & Omit<StudentDetails, 'notes'> & { createdAt: string; updatedAt: string };
  accommodations: StudentAccommodation[];
  /** Each plan with its record, as the exporter may read it: the impairment and consent only with 'see-plan-record'. */
  plans: (Omit<Plan, 'studentId' | 'revision' | 'record'> & { record: PlanRecordView | null })[];
  /** The notes as plain text: what the teacher wrote, without the editor's markup. */
  notes: string | null;
  documents: { id: string; name: string; type: string; mimeType: string; size: number; uploadedAt: string }[];
  history: HistoryEntry[];
}

export const notesAsText = (html: string | null): string | null => {
  if (!html) return null;
  const withBreaks = html.replace(/<\/(p|li|h2|h3|blockquote)>|<br\s*\/?>/gi, '\n');
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} });
  return text.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/\n{3,}/g, '\n\n').trim() || null;
};

/**
 * A student's whole record as its exporter may read it: the plan record's impairment and consent only for
 * `see-plan-record`, or, with `'whole record'`, for the district taking its records back at contract end (the
 * district is the record's owner under FERPA, and return-and-delete clauses ask for all of it).
 */
export async function exportStudentRecord(context: AppContext, student: StudentDoc, reader: { userId: string } | 'whole record'): Promise<StudentRecordExport> {
  const caseload = caseloadQueries(context.readStore);
  const seesPlanRecord = reader === 'whole record' || mayAccess(student, reader.userId, 'see-plan-record', context.now());
  const plans = await caseload.plansOfStudent(student.id);
  const documents = await caseload.documentsOfStudent(student.id);
  // The case manager is the student's, a staff member; a plan's own `caseManager` is only what older plans recorded.
  const caseManagerName = student.caseManagerId ? (await personLookup(context.readStore)(student.caseManagerId)).name : null;
  return {
    exportedAt: context.now().toISOString(),
    profile: {
      id: student.id,
      firstName: student.firstName,
      lastInitial: student.lastInitial,
      grade: student.grade,
      status: student.status,
      birthdate: student.birthdate,
      parentName: student.parentName,
      parentEmail: student.parentEmail,
      parentNotes: student.parentNotes,
      createdAt: student.createdAt,
      updatedAt: student.updatedAt,
    },
    accommodations: student.accommodations,
    plans: plans
      .sort((a, b) => a.startDate.localeCompare(b.startDate))
      .map(({ id, startDate, reviewDate, status, meetingDate, caseManager, lastUpdated, record }) => ({
        id,
        startDate,
        reviewDate,
        status,
        meetingDate,
        caseManager,
        caseManagerName,
        lastUpdated,
        record: record ? planRecordFor(record, seesPlanRecord) : null,
      })),
    notes: notesAsText(student.notes),
    documents: documents
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .map(({ id, name, type, mimeType, size, createdAt }) => ({ id, name, type, mimeType, size, uploadedAt: createdAt })),
    history: await studentHistory(context, student.id, seesPlanRecord),
  };
}
