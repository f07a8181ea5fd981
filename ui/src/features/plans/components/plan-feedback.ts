import { serverMessageOr } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';

/** The one error toast for a plan that could not be saved, from its page or the student's Plans tab. */
export const toastPlanSaveFailed = (error: Error): void =>
  toast({ title: 'Error', description: serverMessageOr(error, 'Failed to save the plan.'), variant: 'destructive' });
