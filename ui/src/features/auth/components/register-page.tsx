import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Form, Input } from 'antd';
import { Card } from '../../../components/card.tsx';
import { registerSchema, type RegisterInput } from '@accommodate/shared-events/schemas/account';
import { FREE_STUDENT_LIMIT } from '@accommodate/shared-events/config/plans';
import { useRegister } from '../../../lib/auth.ts';
import { applyServerFieldErrors, serverMessageOr } from '../../../lib/form-errors.ts';
import { FormField } from '../../../components/form-field.tsx';
import { PublicPageLayout } from '../../../components/public-page-layout.tsx';
import { DonePanel } from './done-panel.tsx';

export default function RegisterPage() {
  const navigate = useNavigate();
  // A school's or district's invitation links here with ?invited: its students never count toward a personal plan,
  // so the invitee is not shown the personal plan's price.
  const invited = useSearchParams()[0].has('invited');
  const register = useRegister();
  const { control, handleSubmit, setError } = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    register.mutate(values, {
      onError: (error) => applyServerFieldErrors(error, setError),
    }),
  );

  // The same answer whether or not the address already had an account: the e-mail tells its owner which.
  if (register.isSuccess) {
    return (
      <PublicPageLayout>
        <Card className="public-page__card">
          <DonePanel title="Check your e-mail">
            <p className="public-page__lead">
              We sent a link to <strong>{register.variables.email}</strong>. Open it to verify your address; it works for 24 hours.
            </p>
            <p>
              You can sign in now. Until your address is verified, students that colleagues share with you will not
              appear.
            </p>
            <p className="public-page__note">No e-mail? Check your spam folder. Once signed in, you can have the link sent again.</p>
            <Button type="primary" size="large" block onClick={() => void navigate('/login')}>
              Sign in
            </Button>
          </DonePanel>
        </Card>
      </PublicPageLayout>
    );
  }

  return (
    <PublicPageLayout>
      <Card className="public-page__card">
        <h1 className="public-page__title">Create your account</h1>
        <p className="public-page__lead">
          {invited ? 'Create your account to join your school’s team.' : `Free for up to ${FREE_STUDENT_LIMIT} students. No credit card needed.`}
        </p>
        {register.isError ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            style={{ marginBottom: 16 }}
            title={serverMessageOr(register.error, 'Registration failed. Please try again.')}
          />
        ) : null}
        <Form layout="vertical" component="div" requiredMark={false}>
          <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Create account">
            <FormField control={control} name="name" label="Full Name" render={(field) => (
              <Input {...field} value={field.value as string} autoComplete="name" size="large" />
            )} />
            <FormField control={control} name="email" label="Email Address" render={(field) => (
              <Input {...field} value={field.value as string} type="email" autoComplete="email" size="large" />
            )} />
            <FormField control={control} name="password" label="Password" extra="At least 8 characters" render={(field) => (
              <Input.Password {...field} value={field.value as string} autoComplete="new-password" size="large" />
            )} />
            <p className="public-page__note">
              By creating an account you confirm you are 18 or older and agree to the{' '}
              <Link to="/terms">Terms of Service</Link> and <Link to="/privacy">Privacy Policy</Link>.
            </p>
            <Button type="primary" htmlType="submit" size="large" block loading={register.isPending}>
              Create account
            </Button>
          </form>
        </Form>
        <p className="public-page__switch">
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      </Card>
    </PublicPageLayout>
  );
}
