import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Form, Input, Modal, Skeleton } from 'antd';
import { enableTwoFactorSchema, type EnableTwoFactorInput } from '@accommodate/shared-events/schemas/two-factor';
import { FormField } from '../../../components/form-field.tsx';
import { applyServerFieldErrors, serverMessageOr } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useEnableTwoFactor, useStartTwoFactorSetup } from '../api/set-up-two-factor.ts';
import { RecoveryCodesPanel } from './recovery-codes-panel.tsx';

const EMPTY: EnableTwoFactorInput = { password: '', code: '' };

/**
 * Setting up two-factor sign-in: scan the QR code (or type the key), enter a code the app shows to prove it has the
 * key and the password, then keep the recovery codes, which are shown this once. Until then nothing changes at sign-in.
 */
export function TwoFactorSetupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const setup = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const { control, handleSubmit, setError, reset } = useForm<EnableTwoFactorInput>({
    resolver: zodResolver(enableTwoFactorSchema),
    defaultValues: EMPTY,
  });
  // A fresh key each time the dialog opens: a key shown before may have been seen over a shoulder.
  const startSetup = useRef(setup.mutate);
  useEffect(() => {
    if (!open) return;
    setRecoveryCodes(null);
    reset(EMPTY);
    startSetup.current();
  }, [open, reset]);

  const onSubmit = handleSubmit((values) =>
    enable.mutate(values, {
      onSuccess: ({ recoveryCodes: codes }) => {
        setRecoveryCodes(codes);
        toast({ title: 'Two-factor sign-in is on', description: 'From now on, signing in asks for a code from your app.' });
      },
      onError: (error) => applyServerFieldErrors(error, setError),
    }),
  );

  const steps = setup.isPending ? (
    <Skeleton active paragraph={{ rows: 4 }} />
  ) : setup.isError || !setup.data ? (
    <Alert type="error" showIcon title={serverMessageOr(setup.error, 'Could not start the set-up. Please close this window and try again.')} />
  ) : (
    <div className="two-factor-setup">
      <p>1. Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password…) and scan this code.</p>
      <img className="two-factor-setup__qr" src={setup.data.qrDataUrl} width={200} height={200} alt="QR code to add Accommodate to your authenticator app" />
      <p>
        Can't scan it? Enter this key in the app instead:
        <br />
        <code className="two-factor-setup__secret" aria-label="Set-up key">{setup.data.secret}</code>
      </p>
      <Form layout="vertical" component="div" requiredMark={false}>
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Turn on two-factor sign-in">
          <FormField control={control} name="code" label="2. Enter the 6-digit code the app shows" render={(field) => (
            <Input {...field} value={field.value as string} inputMode="numeric" autoComplete="one-time-code" style={{ maxWidth: 200 }} />
          )} />
          <FormField control={control} name="password" label="3. Confirm with your password" render={(field) => (
            <Input.Password {...field} value={field.value as string} autoComplete="current-password" style={{ maxWidth: 320 }} />
          )} />
          <Button type="primary" htmlType="submit" loading={enable.isPending}>
            Turn On
          </Button>
        </form>
      </Form>
    </div>
  );

  return (
    <Modal open={open} onCancel={onClose} title="Two-factor sign-in" footer={recoveryCodes ? [<Button key="done" type="primary" onClick={onClose}>Done</Button>] : null}>
      {recoveryCodes ? <RecoveryCodesPanel codes={recoveryCodes} /> : steps}
    </Modal>
  );
}
