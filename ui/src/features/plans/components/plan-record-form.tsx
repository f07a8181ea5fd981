import { useState } from 'react';
import { AutoComplete, Button, Form, Input, Select, Space } from 'antd';
import type { Plan } from '@accommodate/shared-events/schemas/plan';
import {
  CONSENT_METHOD_LABELS,
  CONSENT_METHODS,
  MAJOR_LIFE_ACTIVITIES,
  PARTICIPANT_ROLES,
  planRecordSchema,
  RECORD_FIELD_LABELS,
  type ConsentMethod,
  type PlanRecordForm,
} from '@accommodate/shared-events/schemas/plan-record';
import { planAmendmentSchema } from '@accommodate/shared-events/schemas/plan-version';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useUnsavedChangesWarning } from '../../../lib/use-unsaved-changes-warning.ts';
import { useAmendPlan } from '../api/plan-versions.ts';
import { useUpdatePlanRecord } from '../api/update-plan-record.ts';
import { toastPlanSaveFailed } from './plan-feedback.ts';
import { specificsPlaceholder } from './specifics-placeholder.ts';

/** An accommodation of the student, whose specifics the record gives. */
export interface RecordAccommodation {
  id: string;
  name: string;
}

interface SpecificsValues {
  details?: string;
  where?: string;
  frequency?: string;
}
interface RecordValues {
  impairment?: string;
  lifeActivities?: string[];
  participants?: { name?: string; role?: string }[];
  consentDate?: string;
  consentMethod?: ConsentMethod;
  specifics?: Record<string, SpecificsValues>;
  reason?: string;
  effectiveDate?: string;
}
type FieldName = (string | number)[];

const today = () => new Date().toISOString().slice(0, 10);

const toValues = (plan: Plan, accommodations: RecordAccommodation[]): RecordValues => {
  const record = plan.record;
  const specifics = Object.fromEntries(
    accommodations.map(({ id }) => {
      const given = record?.specifics.find((one) => one.accommodationId === id);
      return [id, { details: given?.details ?? '', where: given?.where ?? '', frequency: given?.frequency ?? '' }];
    }),
  );
  return {
    impairment: record?.impairment ?? '',
    lifeActivities: record?.lifeActivities ?? [],
    participants: record?.participants ?? [],
    consentDate: record?.consent?.date ?? '',
    consentMethod: record?.consent?.method,
    specifics,
    reason: '',
    effectiveDate: today(),
  };
};

/** The form's values as the API takes them: specifics only where some are given, consent only when either part is. */
const toRecord = (values: RecordValues, accommodations: RecordAccommodation[]): PlanRecordForm => ({
  impairment: values.impairment ?? null,
  lifeActivities: values.lifeActivities ?? [],
  participants: (values.participants ?? []).map((person) => ({ name: person.name ?? '', role: person.role ?? '' })),
  consent: values.consentDate || values.consentMethod ? { date: values.consentDate ?? '', method: values.consentMethod ?? 'in-writing' } : null,
  specifics: accommodations.flatMap(({ id }) => {
    const given = values.specifics?.[id];
    const filled = Boolean(given?.details?.trim() || given?.where?.trim() || given?.frequency?.trim());
    return filled ? [{ accommodationId: id, details: given?.details ?? '', where: given?.where || null, frequency: given?.frequency || null }] : [];
  }),
});

/** A field of the API's record ('participants.0.name', 'consent.date', 'specifics.1.details') as the form names it. */
function formFieldOf(path: readonly (string | number)[], record: PlanRecordForm): FieldName {
  const [first, index, rest] = path;
  if (first === 'consent') return [index === 'method' ? 'consentMethod' : 'consentDate'];
  if (first === 'specifics' && typeof index === 'number') return ['specifics', record.specifics?.[index]?.accommodationId ?? '', String(rest ?? 'details')];
  if (first === 'participants' && typeof index === 'number') return ['participants', index, String(rest ?? 'name')];
  return [String(first ?? 'impairment')];
}

interface PlanRecordFormProps {
  plan: Plan;
  accommodations: RecordAccommodation[];
  seesRestricted: boolean;
  onDone: () => void;
}

/**
 * The plan record's form. On a draft it saves the record (If-Match); a final plan's record changes only
 * through an amendment, so on a final plan it asks why and from when, and makes the next version.
 */
export function PlanRecordForm({ plan, accommodations, seesRestricted, onDone }: PlanRecordFormProps) {
  const [form] = Form.useForm<RecordValues>();
  const [unsaved, setUnsaved] = useState(false);
  useUnsavedChangesWarning(unsaved);
  const update = useUpdatePlanRecord();
  const amend = useAmendPlan();
  const final = Boolean(plan.version);

  // The names are built from the API's paths, which the form's typed names cannot follow.
  const showErrors = (errors: { name: FieldName; message: string }[]) =>
    form.setFields(errors.map(({ name, message }) => ({ name: name as never, errors: [message] })));

  const submit = (values: RecordValues) => {
    const record = toRecord(values, accommodations);
    const parsed = planRecordSchema.safeParse(record);
    const amendment = final ? planAmendmentSchema.pick({ reason: true, effectiveDate: true }).safeParse({ reason: values.reason, effectiveDate: values.effectiveDate }) : null;
    const issues = [...(parsed.error?.issues ?? []).map((issue) => ({ name: formFieldOf(issue.path, record), message: issue.message })), ...(amendment?.error?.issues ?? []).map((issue) => ({ name: issue.path.map(String), message: issue.message }))];
    if (issues.length > 0) return showErrors(issues);
    const failed = (error: Error) => {
      if (error instanceof ApiRequestError) showErrors(Object.entries(error.fieldErrors).map(([path, message]) => ({ name: formFieldOf(path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)), record), message })));
      toastPlanSaveFailed(error);
    };
    if (amendment?.success) {
      const accommodationIds = accommodations.map(({ id }) => id);
      amend.mutate(
        { id: plan.id, form: { ...amendment.data, accommodationIds, record } },
        { onSuccess: ({ version }) => (setUnsaved(false), toast({ title: 'Plan amended', description: `Version ${version} of the plan is recorded.` }), onDone()), onError: failed },
      );
      return;
    }
    update.mutate({ id: plan.id, revision: plan.revision, record }, { onSuccess: () => (setUnsaved(false), toast({ title: 'Plan record saved' }), onDone()), onError: failed });
  };

  return (
    <Form form={form} layout="vertical" noValidate initialValues={toValues(plan, accommodations)} onFinish={submit} onValuesChange={() => setUnsaved(true)}>
      {final && <p>This plan is final: a change to its record is an amendment, which becomes the plan’s next version.</p>}
      {seesRestricted && (
        <>
          <Form.Item label={RECORD_FIELD_LABELS.impairment} name="impairment">
            <Input.TextArea autoSize={{ minRows: 2 }} maxLength={1000} />
          </Form.Item>
          <Form.Item label={RECORD_FIELD_LABELS.lifeActivities} name="lifeActivities" extra="Choose from the ADA’s list, or type another and press Enter.">
            <Select mode="tags" options={MAJOR_LIFE_ACTIVITIES.map((activity) => ({ value: activity, label: activity }))} />
          </Form.Item>
          <div className="plan-record__consent">
            <Form.Item label="Consent date" name="consentDate">
              <Input type="date" />
            </Form.Item>
            <Form.Item label="Consent given" name="consentMethod">
              <Select allowClear options={CONSENT_METHODS.map((method) => ({ value: method, label: CONSENT_METHOD_LABELS[method] }))} />
            </Form.Item>
          </div>
        </>
      )}
      <h3 className="plan-record__subheading">{RECORD_FIELD_LABELS.participants}</h3>
      <Form.List name="participants">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <div key={field.key} className="plan-record__row">
                <Form.Item label="Name" name={[field.name, 'name']}>
                  <Input aria-label={`Participant ${field.name + 1} name`} maxLength={100} />
                </Form.Item>
                <Form.Item label="Role" name={[field.name, 'role']}>
                  <AutoComplete aria-label={`Participant ${field.name + 1} role`} options={PARTICIPANT_ROLES.map((role) => ({ value: role }))} />
                </Form.Item>
                <Button aria-label={`Remove participant ${field.name + 1}`} onClick={() => remove(field.name)} style={{ marginTop: 30 }}>
                  Remove
                </Button>
              </div>
            ))}
            <Button onClick={() => add({ name: '', role: '' })} style={{ marginBottom: 16 }}>Add participant</Button>
          </>
        )}
      </Form.List>
      <h3 className="plan-record__subheading">Specifics for this student</h3>
      {accommodations.length === 0 && <p>The student has no accommodations yet.</p>}
      {accommodations.map(({ id, name }) => (
        <fieldset key={id} className="plan-record__specifics" aria-label={`Specifics: ${name}`}>
          <Form.Item label={name} name={['specifics', id, 'details']}>
            <Input aria-label={`${name}: specifics`} placeholder={specificsPlaceholder(name)} maxLength={500} />
          </Form.Item>
          <Form.Item label="Where" name={['specifics', id, 'where']}>
            <Input aria-label={`${name}: where`} maxLength={200} />
          </Form.Item>
          <Form.Item label="How often" name={['specifics', id, 'frequency']}>
            <Input aria-label={`${name}: how often`} maxLength={200} />
          </Form.Item>
        </fieldset>
      ))}
      {final && (
        <div className="plan-record__consent">
          <Form.Item label="Reason for the amendment" name="reason" required>
            <Input maxLength={500} />
          </Form.Item>
          <Form.Item label="Effective date" name="effectiveDate" required>
            <Input type="date" />
          </Form.Item>
        </div>
      )}
      <Space>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={update.isPending || amend.isPending}>
          Save Record
        </Button>
      </Space>
    </Form>
  );
}
