import { Tag } from 'antd';
import type { Plan } from '@accommodate/shared-events/schemas/plan';

/** 'Final · version N' once the plan is finalised; nothing on a draft. */
export function PlanFinalTag({ plan }: { plan: Pick<Plan, 'version'> }) {
  return plan.version ? <Tag color="blue">Final · version {plan.version}</Tag> : null;
}
