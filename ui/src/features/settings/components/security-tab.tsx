import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Form, Input, Space } from 'antd';
import { Card } from '../../../components/card.tsx';
import { passwordChangeSchema, type PasswordChangeInput } from '@accommodate/shared-events/schemas/account';
import { FormField } from '../../../components/form-field.tsx';
import { toast } from '../../../lib/toast.ts';
import { serverMessageOr } from '../../../lib/form-errors.ts';
import { useUpdatePassword } from '../api/update-password.ts';
import { TwoFactorRow } from './two-factor-row.tsx';

// A Modal with its list: loaded when first opened.
const ActiveSessionsDialog = lazy(() => import('./active-sessions-dialog.tsx').then((m) => ({ default: m.ActiveSessionsDialog })));

const EMPTY: PasswordChangeInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

interface SecurityTabProps {
  /** The card that deletes the account, from the app (settings does not import erasure): the tab's last card. */
  accountDeletion: ReactNode;
}

export function SecurityTab({ accountDeletion }: SecurityTabProps) {
  const updatePassword = useUpdatePassword();
  // null until first opened (the dialog's code is not loaded before); then it stays mounted, so that closing animates.
  const [sessionsShown, setSessionsShown] = useState<boolean | null>(null);
  const { control, handleSubmit, reset, formState } = useForm<PasswordChangeInput>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit((values) =>
    updatePassword.mutate(values, {
      onSuccess: () => {
        reset(EMPTY);
        toast({ title: 'Password Updated', description: 'Your password has been changed.' });
      },
      onError: (error) =>
        toast({
          title: 'Update Failed',
          description: serverMessageOr(error, 'Failed to update password. Please try again.'),
          variant: 'destructive',
        }),
    }),
  );

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title={<h2 className="settings-card-title">Change Password</h2>}>
        <Form layout="vertical" component="div" requiredMark={false}>
          <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Change password" style={{ maxWidth: 520 }}>
            <FormField control={control} name="currentPassword" label="Current Password" render={(field) => (
              <Input.Password {...field} value={field.value as string} autoComplete="current-password" />
            )} />
            <FormField control={control} name="newPassword" label="New Password" extra="At least 8 characters." render={(field) => (
              <Input.Password {...field} value={field.value as string} autoComplete="new-password" />
            )} />
            <FormField control={control} name="confirmPassword" label="Confirm New Password" render={(field) => (
              <Input.Password {...field} value={field.value as string} autoComplete="new-password" />
            )} />
            <Button type="primary" htmlType="submit" disabled={!formState.isDirty} loading={updatePassword.isPending}>
              Update Password
            </Button>
          </form>
        </Form>
      </Card>
      <Card title={<h2 className="settings-card-title">Account Security</h2>}>
        <TwoFactorRow />
        <div className="settings-row">
          <div>
            <h3 className="settings-row__title">Active Sessions</h3>
            <p className="settings-row__text">See where you are signed in.</p>
          </div>
          <Button onClick={() => setSessionsShown(true)}>View Sessions</Button>
        </div>
      </Card>
      {sessionsShown !== null && (
        <Suspense fallback={null}>
          <ActiveSessionsDialog open={sessionsShown} onClose={() => setSessionsShown(false)} />
        </Suspense>
      )}
      {accountDeletion}
    </Space>
  );
}
