import type { StudentAction } from '@accommodate/shared-events/domain/access/role-rules';
import { NotFoundError } from '@accommodate/shared-events/domain/errors';
import type { Plan } from '@accommodate/shared-events/schemas/plan';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import type { PlanDoc, StudentDoc } from '@accommodate/projections/queries/caseload-schema';
import type { AppContext } from '../framework/command-context.ts';
import { loadStudentFor } from './student-access.ts';

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

/** The plan as the API answers it: without the read model's own bookkeeping (viewers, acknowledgements). */
export function toPlan(doc: PlanDoc): Plan {
  const { viewerIds: _viewers, effectiveDate: _effective, acknowledged: _acknowledged, versionSince: _since, awaitingAcknowledgement: _awaiting, ...plan } = doc;
  return plan;
}
