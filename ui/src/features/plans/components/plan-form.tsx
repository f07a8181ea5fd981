import { useEffect } from 'react';
import { Button, Form, Input, Select, Space } from 'antd';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import dayjs from 'dayjs';
import './plan-form.css';
import { PLAN_STATUSES, planFormSchema, planStatusLabel, type Plan, type PlanForm } from '@accommodate/shared-events/schemas/plan';

interface PlanFormValues {
  startDate: string;
  reviewDate: string;
  status: (typeof PLAN_STATUSES)[number];
  meetingDate: string;
}

const toValues = (plan: Plan | null): PlanFormValues => ({
  startDate: plan?.startDate ?? dayjs().format('YYYY-MM-DD'),
  reviewDate: plan?.reviewDate ?? dayjs().add(1, 'year').format('YYYY-MM-DD'),
  status: ((PLAN_STATUSES as readonly string[]).includes(plan?.status ?? '') ? plan?.status : 'active') as PlanFormValues['status'],
  meetingDate: plan?.meetingDate ?? '',
});

/** Empty optional fields travel as null so a PATCH can clear them. */
const toForm = (values: PlanFormValues): PlanForm => ({
  startDate: values.startDate,
  reviewDate: values.reviewDate,
  status: values.status,
  meetingDate: values.meetingDate || null,
});

/** Validates what will be sent (empty strings as null) with the shared schema. */
const planResolver: Resolver<PlanFormValues> = async (values) => {
  const parsed = planFormSchema.safeParse(toForm(values));
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<PlanFormValues> = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path[0] as keyof PlanFormValues;
    errors[name] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

interface PlanFormProps {
  plan: Plan | null;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (form: PlanForm) => void;
  onCancel?: () => void;
  /** Server field errors, shown on their fields. */
  serverErrors?: Record<string, string>;
}

export function PlanFormFields({ plan, submitLabel, submitting, onSubmit, onCancel, serverErrors }: PlanFormProps) {
  // A final plan's dates change only through an amendment; its status still here. The case manager is the student's,
  // assigned on the student's School card, so the plan has no field for one.
  const locked = Boolean(plan?.version);
  const { control, handleSubmit, formState, reset, setError } = useForm<PlanFormValues>({
    defaultValues: toValues(plan),
    resolver: planResolver,
  });
  useEffect(() => reset(toValues(plan)), [plan, reset]);
  useEffect(() => {
    for (const [field, message] of Object.entries(serverErrors ?? {})) {
      setError(field as keyof PlanFormValues, { message });
    }
  }, [serverErrors, setError]);

  const field = (name: keyof PlanFormValues) => ({
    validateStatus: formState.errors[name] ? ('error' as const) : undefined,
    help: formState.errors[name]?.message,
  });

  return (
    <Form layout="vertical" noValidate onFinish={() => void handleSubmit((values) => onSubmit(toForm(values)))()}>
      <div className="plan-form-grid">
        <Form.Item label="Start Date" htmlFor="plan-startDate" required {...field('startDate')}>
          <Controller name="startDate" control={control} render={({ field: f }) => <Input id="plan-startDate" type="date" disabled={locked} {...f} />} />
        </Form.Item>
        <Form.Item label="Review Date" htmlFor="plan-reviewDate" required {...field('reviewDate')}>
          <Controller name="reviewDate" control={control} render={({ field: f }) => <Input id="plan-reviewDate" type="date" disabled={locked} {...f} />} />
        </Form.Item>
        <Form.Item label="Status" htmlFor="plan-status" required {...field('status')}>
          <Controller
            name="status"
            control={control}
            render={({ field: f }) => (
              <Select
                id="plan-status"
                value={f.value}
                onChange={f.onChange}
                options={PLAN_STATUSES.map((status) => ({ value: status, label: planStatusLabel(status) }))}
              />
            )}
          />
        </Form.Item>
        <Form.Item label="Meeting Date" htmlFor="plan-meetingDate" {...field('meetingDate')}>
          <Controller name="meetingDate" control={control} render={({ field: f }) => <Input id="plan-meetingDate" type="date" disabled={locked} {...f} />} />
        </Form.Item>
      </div>
      <Space>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
        <Button type="primary" htmlType="submit" loading={submitting}>
          {submitLabel}
        </Button>
      </Space>
    </Form>
  );
}
