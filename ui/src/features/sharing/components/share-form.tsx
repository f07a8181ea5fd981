import { Button, Form, Input, Radio, Space, Typography } from 'antd';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { FormField } from '../../../components/form-field.tsx';
import { ROLE_OPTIONS } from '../../../lib/student-access.ts';
import { localToday, shareFormSchema, type ShareFormValues, type ShareInput } from '../share-model.ts';

interface ShareFormProps {
  submitLabel: string;
  submitting: boolean;
  /** Resolves when the share was saved, so the form clears for the next person. */
  onSubmit: (input: ShareInput) => Promise<unknown>;
}

const EMPTY: ShareFormValues = { email: '', role: 'co-teacher', expiresAt: null };

/** E-mail, role and (for substitutes) an optional last day; used for one student and for a selection. */
export function ShareForm({ submitLabel, submitting, onSubmit }: ShareFormProps) {
  const { control, handleSubmit, reset, setError } = useForm<ShareFormValues, unknown, ShareInput>({
    defaultValues: EMPTY,
    resolver: zodResolver(shareFormSchema),
  });
  const role = useWatch({ control, name: 'role' });

  const submit = handleSubmit(async (input) => {
    try {
      await onSubmit(input);
      reset(EMPTY);
    } catch (error) {
      // The caller toasts; a field error from the API lands on its field here too.
      const fields = error instanceof ApiRequestError ? error.fieldErrors : {};
      for (const [field, message] of Object.entries(fields)) {
        if (field === 'email' || field === 'role' || field === 'expiresAt') setError(field, { message });
      }
    }
  });

  return (
    <Form layout="vertical" onFinish={() => void submit()} noValidate>
      <FormField
        control={control}
        name="email"
        label="E-mail"
        render={(field) => (
          <Input {...field} value={typeof field.value === 'string' ? field.value : ''} type="email" autoComplete="off" placeholder="colleague@school.edu" />
        )}
      />
      <FormField
        control={control}
        name="role"
        label="Role"
        render={(field) => (
          <Radio.Group id={field.id} value={field.value} onChange={(event) => field.onChange(event.target.value)} aria-label="Role">
            <Space direction="vertical" size={4}>
              {ROLE_OPTIONS.map((option) => (
                <Radio key={option.value} value={option.value}>
                  {option.label}: <Typography.Text type="secondary">{option.description}</Typography.Text>
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        )}
      />
      {role === 'substitute' && (
        <FormField
          control={control}
          name="expiresAt"
          label="Access ends after (optional)"
          render={(field) => (
            <Input
              {...field}
              type="date"
              min={localToday()}
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={(event) => field.onChange(event.target.value || null)}
            />
          )}
        />
      )}
      <Button type="primary" htmlType="submit" loading={submitting}>
        {submitLabel}
      </Button>
    </Form>
  );
}
