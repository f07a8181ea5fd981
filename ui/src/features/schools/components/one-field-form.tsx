import { Button, Form, Input } from 'antd';
import { useState, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import { serverMessageOr } from '../../../lib/form-errors.ts';

interface OneFieldFormProps {
  label: string;
  /** Unique on the page: several districts' forms may share it. */
  id: string;
  submitLabel: string;
  type?: 'text' | 'email';
  /** The shared schema's field: the same message the server would give. */
  schema: ZodType<string>;
  submitting: boolean;
  /** Resolves when saved (the field clears); a rejection's message shows under the field. */
  onSubmit: (value: string) => Promise<unknown>;
}

/** A name or an address and a button: adding a school, a district admin, creating a district. */
export function OneFieldForm({ label, id, submitLabel, type = 'text', schema, submitting, onSubmit }: OneFieldFormProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = schema.safeParse(value);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    onSubmit(parsed.data).then(
      () => setValue(''),
      (failure: unknown) => setError(serverMessageOr(failure, 'Please try again.')),
    );
  };
  return (
    <Form layout="vertical" onFinish={() => submit()} noValidate className="school-one-field-form">
      <Form.Item label={label} htmlFor={id} validateStatus={error ? 'error' : undefined} help={error ? <span id={`${id}-error`}>{error}</span> : undefined}>
        <Input id={id} type={type} value={value} onChange={(event) => setValue(event.target.value)} aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submitting}>
        {submitLabel}
      </Button>
    </Form>
  );
}
