import { Link, useNavigate } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Form, Input } from 'antd';
import { Card } from '../../../components/card.tsx';
import { INVALID_LINK, resetPasswordFormSchema, type ResetPasswordFormInput } from '@accommodate/shared-events/schemas/account';
import { applyServerFieldErrors, serverMessageOr } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { FormField } from '../../../components/form-field.tsx';
import { PublicPageLayout } from '../../../components/public-page-layout.tsx';
import { needsSecondFactor, useResetPassword } from '../api/reset-password.ts';
import { useLinkToken } from './link-token.ts';

/**
 * The page a reset link opens: a new password, twice. Then the person is signed in (every other session ended), or,
 * with two-factor sign-in, sent to the sign-in page to finish with the new password and a code.
 */
export default function ResetPasswordPage() {
  const token = useLinkToken();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const { control, handleSubmit, setError } = useForm<ResetPasswordFormInput>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const onSubmit = handleSubmit((values) =>
    reset.mutate(
      { token: token ?? '', ...values },
      {
        onSuccess: (answer) => {
          if (needsSecondFactor(answer)) {
            toast({ title: 'Password Updated', description: answer.message });
            void navigate('/login', { replace: true });
            return;
          }
          toast({ title: 'Password Updated', description: 'Your new password is set, and you are signed in. Every other session was signed out.' });
          void navigate('/', { replace: true });
        },
        onError: (error) => applyServerFieldErrors(error, setError),
      },
    ),
  );
  const failure = token ? (reset.isError ? serverMessageOr(reset.error, 'Failed to update password. Please try again.') : null) : INVALID_LINK;

  return (
    <PublicPageLayout>
      <Card className="public-page__card">
        <h1 className="public-page__title">Choose a new password</h1>
        {failure ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            style={{ marginBottom: 16 }}
            title={failure}
            description={failure === INVALID_LINK ? <Link to="/forgot-password">Ask for a new link</Link> : undefined}
          />
        ) : (
          <p className="public-page__lead">Once it is set, you are signed in here and signed out everywhere else.</p>
        )}
        {token ? (
          <Form layout="vertical" component="div" requiredMark={false}>
            <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Choose a new password">
              <FormField control={control} name="newPassword" label="New Password" extra="At least 8 characters." render={(field) => (
                <Input.Password {...field} value={field.value as string} autoComplete="new-password" size="large" />
              )} />
              <FormField control={control} name="confirmPassword" label="Confirm New Password" render={(field) => (
                <Input.Password {...field} value={field.value as string} autoComplete="new-password" size="large" />
              )} />
              <Button type="primary" htmlType="submit" size="large" block loading={reset.isPending}>
                Set new password
              </Button>
            </form>
          </Form>
        ) : null}
        <p className="public-page__switch">
          <Link to="/login">Back to sign in</Link>
        </p>
      </Card>
    </PublicPageLayout>
  );
}
