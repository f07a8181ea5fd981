import { Form, Input, Modal, Select } from 'antd';
import { Controller } from 'react-hook-form';
import { planAmendmentSchema, AMENDMENT_REASON_MAX, type PlanAmendmentForm } from '@accommodate/shared-events/schemas/plan-version';
import { toast } from '../../../lib/toast.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { useEditDialogForm } from '../../../hooks/use-edit-dialog-form.ts';
import { useAmendPlan } from '../api/plan-versions.ts';

export interface AccommodationOption {
  value: string;
  label: string;
}

interface AmendPlanDialogProps {
  open: boolean;
  planId: string;
  /** What the amendment starts from: the plan's accommodations, or the set the student form tried to save. */
  accommodationIds: string[];
  options: AccommodationOption[];
  onClose: () => void;
  onAmended?: (version: number) => void;
}

const today = () => new Date().toISOString().slice(0, 10);
const toValues = (ids: string[] | null): PlanAmendmentForm => ({ reason: '', effectiveDate: today(), accommodationIds: ids ?? [] });

/** Amend a final plan (issue 27): why, from when, and the accommodations it holds from then on. */
export function AmendPlanDialog({ open, planId, accommodationIds, options, onClose, onAmended }: AmendPlanDialogProps) {
  const amend = useAmendPlan();
  const { control, handleSubmit, formState, failed } = useEditDialogForm<PlanAmendmentForm, PlanAmendmentForm, string[]>(planAmendmentSchema, toValues, accommodationIds, open);
  const onError = failed((error) => (error instanceof ApiRequestError && error.serverMessage) || 'Failed to amend the plan. Please try again.');
  const submit = handleSubmit((form) =>
    amend.mutate(
      { id: planId, form },
      {
        onSuccess: ({ version }) => {
          toast({ title: 'Plan amended', description: `Version ${version} of the plan is recorded.` });
          onClose();
          onAmended?.(version);
        },
        onError,
      },
    ),
  );
  const status = (name: keyof PlanAmendmentForm) => ({ validateStatus: formState.errors[name] ? ('error' as const) : undefined, help: formState.errors[name]?.message });

  return (
    <Modal open={open} title="Amend Plan" onCancel={amend.isPending ? undefined : onClose} footer={null} destroyOnHidden>
      <p>This plan is final. Its accommodations change through an amendment, which becomes the plan’s next version.</p>
      <Form layout="vertical" onFinish={() => void submit()} noValidate>
        <Form.Item label="Reason" htmlFor="amendment-reason" required {...status('reason')}>
          <Controller name="reason" control={control} render={({ field }) => <Input id="amendment-reason" maxLength={AMENDMENT_REASON_MAX} {...field} />} />
        </Form.Item>
        <Form.Item label="Effective date" htmlFor="amendment-effectiveDate" required {...status('effectiveDate')}>
          <Controller name="effectiveDate" control={control} render={({ field }) => <Input id="amendment-effectiveDate" type="date" {...field} />} />
        </Form.Item>
        <Form.Item label="Accommodations" htmlFor="amendment-accommodations" {...status('accommodationIds')}>
          <Controller
            name="accommodationIds"
            control={control}
            render={({ field }) => (
              <Select id="amendment-accommodations" mode="multiple" optionFilterProp="label" options={options} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
            )}
          />
        </Form.Item>
        <DialogActions saving={amend.isPending} onCancel={onClose} submitLabel="Amend Plan" />
      </Form>
    </Modal>
  );
}
