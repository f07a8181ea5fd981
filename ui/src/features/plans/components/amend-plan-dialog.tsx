import { useMemo } from 'react';
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
  /** The plan amended: its id, and its dates, which the amendment may move. */
  plan: { id: string; startDate: string; reviewDate: string };
  /** What the amendment starts from: the plan's accommodations, or the set the student form tried to save. */
  accommodationIds: string[];
  options: AccommodationOption[];
  onClose: () => void;
  onAmended?: (version: number) => void;
}

const today = () => new Date().toISOString().slice(0, 10);
type Start = { ids: string[]; startDate: string; reviewDate: string };
const toValues = (start: Start | null): PlanAmendmentForm => ({
  reason: '',
  effectiveDate: today(),
  accommodationIds: start?.ids ?? [],
  startDate: start?.startDate ?? '',
  reviewDate: start?.reviewDate ?? '',
});
const DATE_FIELDS = [
  { name: 'effectiveDate', label: 'Effective date', required: true },
  { name: 'startDate', label: 'Start date', required: false },
  { name: 'reviewDate', label: 'Review date', required: false },
] as const;

/** Amend a final plan: why, from when, and the accommodations it holds from then on. */
export function AmendPlanDialog({ open, plan, accommodationIds, options, onClose, onAmended }: AmendPlanDialogProps) {
  const amend = useAmendPlan();
  // What the form starts from, the same object while its parts are: a new one resets the form when it opens.
  const start = useMemo<Start>(() => ({ ids: accommodationIds, startDate: plan.startDate, reviewDate: plan.reviewDate }), [accommodationIds, plan.startDate, plan.reviewDate]);
  const { control, handleSubmit, formState, failed } = useEditDialogForm<PlanAmendmentForm, PlanAmendmentForm, Start>(planAmendmentSchema, toValues, start, open);
  const onError = failed((error) => (error instanceof ApiRequestError && error.serverMessage) || 'Failed to amend the plan. Please try again.');
  const submit = handleSubmit((form) =>
    amend.mutate(
      { id: plan.id, form },
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
        {DATE_FIELDS.map(({ name, label, required }) => (
          <Form.Item key={name} label={label} htmlFor={`amendment-${name}`} required={required} {...status(name)}>
            <Controller name={name} control={control} render={({ field }) => <Input id={`amendment-${name}`} type="date" {...field} />} />
          </Form.Item>
        ))}
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
