import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Form, Input, Modal } from 'antd';
import { disableTwoFactorSchema, type DisableTwoFactorInput } from '@accommodate/shared-events/schemas/two-factor';
import { FormField } from '../../../components/form-field.tsx';
import { applyServerFieldErrors, serverMessageOr } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';

const EMPTY: DisableTwoFactorInput = { password: '', code: '' };

/** Turning two-factor sign-in off takes the password and a code; a recovery code will do when the phone is gone. */
export function TwoFactorOffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const disable = useDisableTwoFactor();
  const { control, handleSubmit, setError, reset } = useForm<DisableTwoFactorInput>({
    resolver: zodResolver(disableTwoFactorSchema),
    defaultValues: EMPTY,
  });
  const close = () => {
    reset(EMPTY);
    onClose();
  };

  const onSubmit = handleSubmit((values) =>
    disable.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Two-factor sign-in is off', description: 'Signing in asks for your password only.' });
        close();
      },
      onError: (error) => {
        applyServerFieldErrors(error, setError);
        toast({ title: 'Error', description: serverMessageOr(error, 'Could not turn off two-factor sign-in. Please try again.'), variant: 'destructive' });
      },
    }),
  );

  return (
    <Modal open={open} onCancel={close} title="Turn off two-factor sign-in" footer={null}>
      <Form layout="vertical" component="div" requiredMark={false}>
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Turn off two-factor sign-in">
          <FormField control={control} name="password" label="Password" render={(field) => (
            <Input.Password {...field} value={field.value as string} autoComplete="current-password" />
          )} />
          <FormField control={control} name="code" label="Code from your authenticator app" extra="Lost your phone? Enter one of your recovery codes instead." render={(field) => (
            <Input {...field} value={field.value as string} autoComplete="one-time-code" style={{ maxWidth: 240 }} />
          )} />
          <Button type="primary" danger htmlType="submit" loading={disable.isPending}>
            Turn Off
          </Button>
        </form>
      </Form>
    </Modal>
  );
}
