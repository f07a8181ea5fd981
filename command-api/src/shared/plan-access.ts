import type { StudentAction } from '@accommodate/shared-events/domain/access/role-rules';
import { NotFoundError } from '@accommodate/shared-events/domain/errors';
import type { Plan } from '@accommodate/shared-events/schemas/plan';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { personLookup } from '@accommodate/projections/queries/users-queries';
import type { PlanDoc, StudentDoc } from '@accommodate/projections/queries/caseload-schema';
import type { AppContext } from '../framework/command-context.ts';
import { loadStudentFor } from './student-access.ts';
import { mayAccess, type StudentAccessList } from '@accommodate/shared-events/domain/access/student-access';
import { participantsFor, planRecordFor, type PlanRecord } from '@accommodate/shared-events/schemas/plan-record';

/** A plan is reached through its student: visible exactly when the student is, otherwise not found. */
export async function loadPlanFor(
  context: Pick<AppContext, 'readStore' | 'now'>,
  userId: string,
  planId: string,
  action: StudentAction,
): Promise<{ plan: PlanDoc; student: StudentDoc }> {
  const plan = await caseloadQueries(context.readStore).planById(planId);
  if (!plan) throw new NotFoundError('Plan');
  const student = await loadStudentFor(context, userId, plan.studentId, action, 'Plan');
  return { plan, student };
}

/** A plan in a list (GET /api/plans, the dashboards): without the read model's own bookkeeping (viewers,
 * acknowledgements) and without the record, which only the plan's own reads carry. */
export function toPlan(doc: PlanDoc): Plan {
  const { viewerIds: _viewers, effectiveDate: _effective, acknowledged: _acknowledged, versionSince: _since, awaitingAcknowledgement: _awaiting, record: _record, ...plan } = doc;
  return plan;
}

/** The plan as its own reads answer it: the student's case manager by name; its record as `userId` may read it,
 * without the impairment and consent unless they may 'see-plan-record', and without who took part unless they may
 * 'see-private'. */
export async function planFor(
  context: Pick<AppContext, 'readStore' | 'now'>,
  doc: PlanDoc,
  student: StudentAccessList & Pick<StudentDoc, 'caseManagerId'>,
  userId: string,
): Promise<Plan> {
  const now = context.now();
  const caseManagerName = student.caseManagerId ? (await personLookup(context.readStore)(student.caseManagerId)).name : null;
  const plan = { ...toPlan(doc), caseManagerName };
  if (!doc.record) return plan;
  const record = planRecordFor(doc.record, mayAccess(student, userId, 'see-plan-record', now));
  return { ...plan, record: participantsFor(record, mayAccess(student, userId, 'see-private', now)) };
}

/** The record's restricted part as it stands: what an edit by someone who may not see it keeps. */
export const restrictedOf = (record: PlanRecord | undefined): Pick<PlanRecord, 'impairment' | 'lifeActivities' | 'consent'> => ({
  impairment: record?.impairment ?? null,
  lifeActivities: record?.lifeActivities ?? [],
  consent: record?.consent ?? null,
});
