import { lazy, Suspense, useState } from 'react';
import { Button, Popconfirm } from 'antd';
import type { Plan } from '@accommodate/shared-events/schemas/plan';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useFinalisePlan } from '../api/plan-versions.ts';
import type { AccommodationOption } from './amend-plan-dialog.tsx';

// Only once 'Amend' is chosen: the dialog's form and select load then.
const AmendPlanDialog = lazy(() => import('./amend-plan-dialog.tsx').then((m) => ({ default: m.AmendPlanDialog })));

interface PlanVersionActionsProps {
  plan: Plan;
  /** The student's accommodations now: what an amendment starts from. */
  accommodationIds: string[];
  options: AccommodationOption[];
}

/** 'Finalise' on a draft plan (with a confirm), 'Amend' on a final one: for those who may edit the plan. */
export function PlanVersionActions({ plan, accommodationIds, options }: PlanVersionActionsProps) {
  const finalise = useFinalisePlan();
  const [amending, setAmending] = useState(false);
  const [amendLoaded, setAmendLoaded] = useState(false);
  if (amending && !amendLoaded) setAmendLoaded(true);

  const onFinalise = () =>
    finalise.mutate(plan.id, {
      onSuccess: ({ version }) => toast({ title: 'Plan finalised', description: `Version ${version} of the plan is recorded. Its teachers are asked to acknowledge it.` }),
      onError: (error) => toast({ title: 'Error', description: (error instanceof ApiRequestError && error.serverMessage) || 'Failed to finalise the plan.', variant: 'destructive' }),
    });

  return (
    <>
      {plan.version ? (
        <Button onClick={() => setAmending(true)}>Amend</Button>
      ) : (
        <Popconfirm
          title="Finalise this plan?"
          description="Its accommodations are then locked: they change only through an amendment with a reason."
          okText="Finalise"
          onConfirm={onFinalise}
        >
          <Button type="primary" loading={finalise.isPending}>
            Finalise
          </Button>
        </Popconfirm>
      )}
      {amendLoaded && (
        <Suspense fallback={null}>
          <AmendPlanDialog open={amending} plan={plan} accommodationIds={accommodationIds} options={options} onClose={() => setAmending(false)} />
        </Suspense>
      )}
    </>
  );
}
