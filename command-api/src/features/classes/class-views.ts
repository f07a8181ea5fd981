import type { RosterStudent, SchoolClass } from '@accommodate/shared-events/schemas/class';
import { classRoleOf } from '@accommodate/shared-events/domain/class/class-access';
import { leaderIdOf } from '@accommodate/shared-events/domain/class/class';
import { visibleUntil } from '@accommodate/shared-events/domain/access/student-access';
import { currentPlan } from '@accommodate/shared-events/domain/plan/current-plan';
import { NotFoundError } from '@accommodate/shared-events/domain/errors';
import type { ClassDoc } from '@accommodate/projections/queries/caseload-schema';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import type { personLookup } from '@accommodate/projections/queries/users-queries';
import type { AppContext } from '../../framework/command-context.ts';
import type { FreshAnswer } from '../../framework/read-model-cache.ts';
import { enrolledVisibleTo } from '../../shared/class-access.ts';

/** The API shape of a class for one teacher: the invitations' addresses are for its owner only. */
export async function toClass(doc: ClassDoc, userId: string, lookup: ReturnType<typeof personLookup>): Promise<SchoolClass> {
  const access = classRoleOf(doc, userId);
  if (access === null) throw new NotFoundError('Class');
  // A school's class is led by its lead teacher once they signed in: shown as its owner, not again among its teachers.
  const leaderId = leaderIdOf(doc);
  const teachers = await Promise.all(
    Object.values(doc.teachers)
      .filter((teacher) => doc.ownerId !== null || teacher.granteeUserId === null || teacher.granteeUserId !== leaderId)
      .sort((a, b) => a.teacherId.localeCompare(b.teacherId))
      .map(async (teacher) => ({
        id: teacher.teacherId,
        userId: teacher.granteeUserId,
        name: teacher.granteeUserId === null ? null : (await lookup(teacher.granteeUserId)).name,
        email: access === 'owner' ? teacher.email : null,
        status: teacher.status,
        lead: teacher.lead === true,
      })),
  );
  const { id, name, period, subject, room, schoolId, status, studentIds, createdAt, updatedAt, revision } = doc;
  // A document folded before classes had terms has neither date.
  const term = { termStart: doc.termStart ?? null, termEnd: doc.termEnd ?? null };
  const owner = leaderId === null ? null : await lookup(leaderId);
  return { id, name, period, subject, room, ...term, schoolId, status, access, owner, studentIds, teachers, createdAt, updatedAt, revision };
}

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
  const shown = await enrolledVisibleTo(context, doc, userId, now);
  const rows: RosterStudent[] = [];
  for (const student of shown) {
    const plan = currentPlan(await caseload.plansOfStudent(student.id));
    rows.push({
      student: { id: student.id, name: student.name, grade: student.grade, status: student.status },
      accommodations: student.accommodations,
      plan: plan ? { startDate: plan.startDate, reviewDate: plan.reviewDate } : null,
    });
  }
  rows.sort((a, b) => a.student.name.localeCompare(b.student.name) || a.student.id.localeCompare(b.student.id));
  return { rows, until: visibleUntil(shown, userId, now) };
}
