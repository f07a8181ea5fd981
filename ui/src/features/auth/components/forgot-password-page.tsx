import { Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Form, Input } from 'antd';
import { Card } from '../../../components/card.tsx';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@accommodate/shared-events/schemas/account';
import { applyServerFieldErrors, serverMessageOr } from '../../../lib/form-errors.ts';
import { FormField } from '../../../components/form-field.tsx';
import { PublicPageLayout } from '../../../components/public-page-layout.tsx';
import { useForgotPassword } from '../api/forgot-password.ts';
import { DonePanel } from './done-panel.tsx';

/** 'Forgot password?': asks for a reset link. The answer is the same whether or not the address has an account. */
export default function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const { control, handleSubmit, setError } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit((values) => forgot.mutate(values, { onError: (error) => applyServerFieldErrors(error, setError) }));

  return (
    <PublicPageLayout>
      <Card className="public-page__card">
        {forgot.isSuccess ? (
          <DonePanel title="Check your e-mail">
            <p className="public-page__lead">
              If an account uses <strong>{forgot.variables.email}</strong>, we sent it a link to choose a new password.
              The link works for 1 hour.
            </p>
            <p className="public-page__note">No e-mail? Check your spam folder, or make sure you typed the address you signed up with.</p>
            <p className="public-page__switch">
              <Link to="/login">Back to sign in</Link>
            </p>
          </DonePanel>
        ) : (
          <>
            <h1 className="public-page__title">Forgot your password?</h1>
            <p className="public-page__lead">Enter the e-mail address of your account and we will send you a link to choose a new one.</p>
            {forgot.isError ? (
              <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={serverMessageOr(forgot.error, 'Something went wrong. Please try again.')} />
            ) : null}
            <Form layout="vertical" component="div" requiredMark={false}>
              <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Reset password">
                <FormField control={control} name="email" label="Email Address" render={(field) => (
                  <Input {...field} value={field.value as string} type="email" autoComplete="email" size="large" />
                )} />
                <Button type="primary" htmlType="submit" size="large" block loading={forgot.isPending}>
                  Send reset link
                </Button>
              </form>
            </Form>
            <p className="public-page__switch">
              Remembered it? <Link to="/login">Sign in</Link>
            </p>
          </>
        )}
      </Card>
    </PublicPageLayout>
  );
}
