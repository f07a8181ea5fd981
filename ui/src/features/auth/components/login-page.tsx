import { useLocation, useNavigate, Link } from 'react-router-dom';
import { useEffect, useState } from 'react';
import { Alert } from 'antd';
import { Card } from '../../../components/card.tsx';
import { forgetIdleSignOutNote, IDLE_SIGN_OUT_MESSAGE, idleSignOutNote } from '../../../lib/idle-sign-out.ts';
import { PublicPageLayout } from '../../../components/public-page-layout.tsx';
import { SSO_ERRORS, ssoErrorCodeSchema } from '@accommodate/shared-events/schemas/district-sso';
import { SignInForm } from './sign-in-form.tsx';

/** Where RequireAuth sent us from, if it is one of our own paths. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // Read once per visit: signed out for idleness in this tab just now (use-session-idle.ts), never from the URL.
  const [idleMinutes] = useState(idleSignOutNote);
  useEffect(() => forgetIdleSignOutNote(), []);
  // Back from a single sign-on that did not succeed: what the person can do, nothing of the cause's data.
  const ssoError = ssoErrorCodeSchema.safeParse(new URLSearchParams(location.search).get('sso')).data;

  return (
    <PublicPageLayout>
      <Card className="public-page__card">
        <h1 className="public-page__title">Sign in</h1>
        {idleMinutes !== null ? (
          <Alert className="public-page__notice" role="status" type="info" showIcon title={IDLE_SIGN_OUT_MESSAGE(idleMinutes)} />
        ) : null}
        {ssoError ? <Alert className="public-page__notice" role="alert" type="error" showIcon title={SSO_ERRORS[ssoError]} /> : null}
        <p className="public-page__lead">Welcome back. Sign in to see your students and their plans.</p>
        <SignInForm onSignedIn={() => void navigate(returnPath(location.state), { replace: true })} />
        <p className="public-page__switch">
          New here? <Link to="/register">Create an account</Link>
        </p>
      </Card>
    </PublicPageLayout>
  );
}
