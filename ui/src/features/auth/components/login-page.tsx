import { useLocation, useNavigate, Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Form, Input } from 'antd';
import { loginSchema, type LoginInput } from '@accommodate/shared-events/schemas/account';
import { useLogin } from '../../../lib/auth.ts';
import { applyServerFieldErrors, serverMessageOr } from '../../../lib/form-errors.ts';
import { FormField } from '../../../components/form-field.tsx';
import { PublicPageLayout } from '../../../components/public-page-layout.tsx';

/** Where RequireAuth sent us from, if it is one of our own paths. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const { control, handleSubmit, setError } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: () => void navigate(returnPath(location.state), { replace: true }),
      onError: (error) => applyServerFieldErrors(error, setError),
    }),
  );

  return (
    <PublicPageLayout>
      <Card className="public-page__card">
        <h1 className="public-page__title">Sign in</h1>
        <p className="public-page__lead">Welcome back. Sign in to see your students and their plans.</p>
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
            <Button type="primary" htmlType="submit" size="large" block loading={login.isPending}>
              Sign in
            </Button>
          </form>
        </Form>
        <p className="public-page__switch">
          New here? <Link to="/register">Create an account</Link>
        </p>
      </Card>
    </PublicPageLayout>
  );
}
