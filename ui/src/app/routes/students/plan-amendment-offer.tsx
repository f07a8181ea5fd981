import { planLocksAccommodations } from '@accommodate/shared-events/schemas/plan-version';
import { useStudentPlans } from '../../../features/plans/api/get-plans.ts';
import { AmendPlanDialog } from '../../../features/plans/components/amend-plan-dialog.tsx';
import { useAmendmentOptions } from '../plans/amendment-options.ts';

interface PlanAmendmentOfferProps {
  studentId: string;
  /** The set the student form tried to save: the amendment starts from it. */
  accommodationIds: string[];
  open: boolean;
  onClose: () => void;
  /** The amendment is made: the form saves the rest of its changes. */
  onAmended: () => void;
}

/**
 * Loaded only when saving the student form met a final plan: instead of changing the accommodations
 * silently, the teacher amends the plan in force, with a reason and an effective date.
 */
export default function PlanAmendmentOffer({ studentId, accommodationIds, open, onClose, onAmended }: PlanAmendmentOfferProps) {
  const plans = useStudentPlans(studentId);
  const options = useAmendmentOptions(studentId);
  const inForce = (plans.data ?? []).find(planLocksAccommodations);
  if (!inForce) return null;
  return <AmendPlanDialog open={open} plan={inForce} accommodationIds={accommodationIds} options={options} onClose={onClose} onAmended={onAmended} />;
}
