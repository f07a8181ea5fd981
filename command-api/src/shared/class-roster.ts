import type { RosterStudent } from '@accommodate/shared-events/schemas/class';
import { mayAccess, visibleUntil } from '@accommodate/shared-events/domain/access/student-access';
import { currentPlan } from '@accommodate/shared-events/domain/plan/current-plan';
import type { ClassDoc, StudentDoc } from '@accommodate/projections/queries/caseload-schema';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import type { AppContext } from '../framework/command-context.ts';
import type { FreshAnswer } from '../framework/read-model-cache.ts';

// A class's roster as one teacher may see it: the classes' routes, the sub plan and the implementation log's day view
// (issue 27) all list it.

/**
 * The roster: each enrolled student the teacher may view now, with what carrying the plan out needs (name, grade,
 * status, accommodations, the current plan's dates) and nothing private, whatever else the teacher may see.
 */
export async function rosterOf(context: Pick<AppContext, 'readStore' | 'now'>, doc: ClassDoc, userId: string): Promise<RosterStudent[]> {
  return (await rosterUntil(context, doc, userId)).rows;
}

/** The roster serialised for the answer cache, with the instant a share of one of its students ends. */
export async function rosterAnswer(context: Pick<AppContext, 'readStore' | 'now'>, doc: ClassDoc, userId: string): Promise<FreshAnswer> {
  const { rows, until } = await rosterUntil(context, doc, userId);
  return { body: Buffer.from(JSON.stringify(rows)), until };
}

async function rosterUntil(context: Pick<AppContext, 'readStore' | 'now'>, doc: ClassDoc, userId: string): Promise<{ rows: RosterStudent[]; until: number }> {
  const caseload = caseloadQueries(context.readStore);
  const now = context.now();
  const rows: RosterStudent[] = [];
  const shown: StudentDoc[] = [];
  for (const studentId of doc.studentIds) {
    const student = await caseload.studentById(studentId);
    if (!student || !mayAccess(student, userId, 'view', now)) continue;
    shown.push(student);
    const plan = currentPlan(await caseload.plansOfStudent(studentId));
    rows.push({
      student: { id: student.id, name: student.name, grade: student.grade, status: student.status },
      accommodations: student.accommodations,
      plan: plan ? { startDate: plan.startDate, reviewDate: plan.reviewDate } : null,
    });
  }
  rows.sort((a, b) => a.student.name.localeCompare(b.student.name) || a.student.id.localeCompare(b.student.id));
  return { rows, until: visibleUntil(shown, userId, now) };
}
