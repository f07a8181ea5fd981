import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import type { Plan } from '@accommodate/shared-events/schemas/plan';
import { FinalisePlanDialog } from './finalise-plan-dialog.tsx';
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
  const [finalising, setFinalising] = useState(false);
  const [amending, setAmending] = useState(false);
  const [amendLoaded, setAmendLoaded] = useState(false);
  if (amending && !amendLoaded) setAmendLoaded(true);

  return (
    <>
      {plan.version ? (
        <Button onClick={() => setAmending(true)}>Amend</Button>
      ) : (
        <>
          <Button type="primary" onClick={() => setFinalising(true)}>
            Finalise
          </Button>
          <FinalisePlanDialog planId={plan.id} open={finalising} onClose={() => setFinalising(false)} />
        </>
      )}
      {amendLoaded && (
        <Suspense fallback={null}>
          <AmendPlanDialog open={amending} plan={plan} accommodationIds={accommodationIds} options={options} onClose={() => setAmending(false)} />
        </Suspense>
      )}
    </>
  );
}
