import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Form, Input } from 'antd';
import { loginSchema, type CurrentUser, type LoginInput } from '@accommodate/shared-events/schemas/account';
import { TWO_FACTOR_REQUIRED } from '@accommodate/shared-events/schemas/two-factor';
import { useLogin } from '../../../lib/auth.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { applyServerFieldErrors, serverMessageOr } from '../../../lib/form-errors.ts';
import { FormField } from '../../../components/form-field.tsx';
import { startSingleSignOn, usesSingleSignOn } from '../api/sso-discover.ts';

/** The server's first answer to a right password of an account with two-factor sign-in: ask for the code, no error. */
const asksForCode = (error: unknown) => error instanceof ApiRequestError && error.serverMessage === TWO_FACTOR_REQUIRED;

/** A district that requires single sign-on refuses the password and says so. */
const ssoRequired = (error: unknown) => error instanceof ApiRequestError && (error.body as { sso?: unknown } | null)?.sso === true;

/**
 * E-mail and password, and 'Forgot password?': the sign-in page's form, and the verify page's when it needs a session.
 * For an account with two-factor sign-in the server asks for a code, and the form then shows a field for it.
 * An address of a domain that signs in with its district's provider goes there instead: the form asks once
 * the address is typed, and again when it is sent, and then offers 'Continue with district sign-in' without a password.
 */
export function SignInForm({ onSignedIn }: { onSignedIn: (user: CurrentUser) => void }) {
  const login = useLogin();
  const [codeAsked, setCodeAsked] = useState(false);
  const { control, handleSubmit, setError, getValues } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  // The address whose domain signs in with a provider, once the server said so; one question per address typed.
  const [ssoEmail, setSsoEmail] = useState<string | null>(null);
  const asked = useRef(new Map<string, Promise<boolean>>());
  const askSso = async (typed: string) => {
    const email = typed.trim().toLowerCase();
    let answer = asked.current.get(email);
    if (!answer) asked.current.set(email, (answer = usesSingleSignOn(email)));
    const sso = await answer;
    setSsoEmail(sso ? email : null);
    return sso;
  };
  const typedEmail = useWatch({ control, name: 'email' });
  const withSso = ssoEmail !== null && ssoEmail === typedEmail.trim().toLowerCase();

  const signInWithPassword = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (asksForCode(error)) setCodeAsked(true);
        if (ssoRequired(error)) setSsoEmail(values.email.trim().toLowerCase());
        applyServerFieldErrors(error, setError);
      },
    }),
  );
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const email = getValues('email');
    if (await askSso(email)) return startSingleSignOn(email);
    await signInWithPassword(event);
  };

  return (
    <>
      {login.isError && !asksForCode(login.error) && !withSso ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title={serverMessageOr(login.error, 'Sign-in failed. Please try again.')}
        />
      ) : null}
      {codeAsked && asksForCode(login.error) ? (
        <Alert type="info" showIcon role="status" style={{ marginBottom: 16 }} title="Enter the code from your authenticator app to finish signing in." />
      ) : null}
      <Form layout="vertical" component="div" requiredMark={false}>
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Sign in">
          <FormField control={control} name="email" label="Email Address" render={(field) => (
            <Input {...field} value={field.value as string} type="email" autoComplete="email" size="large" onBlur={() => {
              field.onBlur();
              void askSso(field.value as string);
            }} />
          )} />
          {withSso ? (
            <Alert type="info" showIcon role="status" style={{ marginBottom: 16 }} title="Your district signs you in with your school account." />
          ) : (
            <FormField control={control} name="password" label="Password" render={(field) => (
              <Input.Password {...field} value={field.value as string} autoComplete="current-password" size="large" />
            )} />
          )}
          {codeAsked && !withSso ? (
            <FormField control={control} name="code" label="Two-factor code" extra="The 6-digit code from your app, or one of your recovery codes." render={(field) => (
              <Input {...field} value={(field.value as string | undefined) ?? ''} autoComplete="one-time-code" size="large" autoFocus />
            )} />
          ) : null}
          {withSso ? null : (
            <p className="public-page__forgot">
              <Link to="/forgot-password">Forgot password?</Link>
            </p>
          )}
          <Button type="primary" htmlType="submit" size="large" block loading={login.isPending}>
            {withSso ? 'Continue with district sign-in' : 'Sign in'}
          </Button>
        </form>
      </Form>
    </>
  );
}
