import { Card } from '../../../components/card.tsx';
import type { Plan, PlanForm } from '@accommodate/shared-events/schemas/plan';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdatePlan } from '../api/update-plan.ts';
import { PlanFormFields } from './plan-form.tsx';
import { toastPlanSaveFailed } from './plan-feedback.ts';
import { CardHeading } from '../../../components/card-heading.tsx';

/** The plan's form on its own page; saves against the revision shown (If-Match). */
export function PlanEditCard({ plan }: { plan: Plan }) {
  const update = useUpdatePlan();
  const submit = (form: PlanForm) =>
    update.mutate(
      { id: plan.id, revision: plan.revision, patch: form },
      { onSuccess: () => toast({ title: 'Plan Updated' }), onError: toastPlanSaveFailed },
    );

  return (
    <Card size="small" title={<CardHeading>Edit Plan</CardHeading>}>
      {plan.version ? <p>This plan is final: its dates and case manager change through Amend, which records the next version.</p> : null}
      <PlanFormFields
        plan={plan}
        submitLabel="Save Plan"
        submitting={update.isPending}
        onSubmit={submit}
        serverErrors={update.error instanceof ApiRequestError ? update.error.fieldErrors : undefined}
      />
    </Card>
  );
}
