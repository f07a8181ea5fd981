import { Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Form, Input } from 'antd';
import { loginSchema, type CurrentUser, type LoginInput } from '@accommodate/shared-events/schemas/account';
import { useLogin } from '../../../lib/auth.ts';
import { applyServerFieldErrors, serverMessageOr } from '../../../lib/form-errors.ts';
import { FormField } from '../../../components/form-field.tsx';

/** E-mail and password, and 'Forgot password?': the sign-in page's form, and the verify page's when it needs a session. */
export function SignInForm({ onSignedIn }: { onSignedIn: (user: CurrentUser) => void }) {
  const login = useLogin();
  const { control, handleSubmit, setError } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: onSignedIn,
      onError: (error) => applyServerFieldErrors(error, setError),
    }),
  );

  return (
    <>
      {login.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title={serverMessageOr(login.error, 'Sign-in failed. Please try again.')}
        />
      ) : null}
      <Form layout="vertical" component="div" requiredMark={false}>
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Sign in">
          <FormField control={control} name="email" label="Email Address" render={(field) => (
            <Input {...field} value={field.value as string} type="email" autoComplete="email" size="large" />
          )} />
          <FormField control={control} name="password" label="Password" render={(field) => (
            <Input.Password {...field} value={field.value as string} autoComplete="current-password" size="large" />
          )} />
          <p className="public-page__forgot">
            <Link to="/forgot-password">Forgot password?</Link>
          </p>
          <Button type="primary" htmlType="submit" size="large" block loading={login.isPending}>
            Sign in
          </Button>
        </form>
      </Form>
    </>
  );
}
