import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Button, Spin } from 'antd';
import { Card } from '../../../components/card.tsx';
import { INVALID_LINK } from '@accommodate/shared-events/schemas/account';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { serverMessageOr } from '../../../lib/form-errors.ts';
import { useResendVerification } from '../../../lib/resend-verification.ts';
import { PublicPageLayout } from '../../../components/public-page-layout.tsx';
import { useVerifyEmail } from '../api/verify-email.ts';
import { DonePanel } from './done-panel.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { useLinkToken } from './link-token.ts';

/**
 * The page a verification link opens. The link works only with its own account's session (see the API), so a
 * signed-out visitor signs in here first, and the page then verifies.
 */
export default function VerifyEmailPage() {
  const token = useLinkToken();
  const verify = useVerifyEmail();
  const navigate = useNavigate();
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const started = useRef(false);

  const run = (linkToken: string) =>
    verify.mutate(
      { token: linkToken },
      { onError: (error) => setNeedsSignIn(error instanceof ApiRequestError && error.status === 401) },
    );
  useEffect(() => {
    // Once: a second call (React's development double effects) would find the link already used.
    if (!token || started.current) return;
    started.current = true;
    run(token);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  let content;
  if (verify.isSuccess) {
    content = (
      <DonePanel title="Your e-mail address is verified" tone="success">
        <p className="public-page__lead">Thank you. Students that colleagues share with you now appear in your list.</p>
        <Button type="primary" size="large" block onClick={() => void navigate('/students')}>
          Go to your students
        </Button>
      </DonePanel>
    );
  } else if (needsSignIn && token) {
    content = (
      <>
        <h1 className="public-page__title">Sign in to verify your e-mail address</h1>
        <p className="public-page__lead">For your safety, a verification link works only for the account it was sent for.</p>
        <SignInForm onSignedIn={() => run(token)} />
      </>
    );
  } else if (!token || verify.isError) {
    content = <VerifyFailed message={token ? serverMessageOr(verify.error, INVALID_LINK) : INVALID_LINK} />;
  } else {
    content = (
      <div className="public-page__done" aria-live="polite">
        <Spin size="large" />
        <p className="public-page__lead">Verifying your e-mail address…</p>
      </div>
    );
  }

  return (
    <PublicPageLayout>
      <Card className="public-page__card">{content}</Card>
    </PublicPageLayout>
  );
}

/** Used, expired or another account's link: what to do next depends on whether someone is signed in. */
function VerifyFailed({ message }: { message: string }) {
  const { user } = useCurrentUser();
  return (
    <>
      <h1 className="public-page__title">We could not verify your address</h1>
      <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={message} />
      {user?.emailVerified ? (
        <p>
          Your address <strong>{user.email}</strong> is verified already. <Link to="/students">Go to your students</Link>
        </p>
      ) : user ? (
        <>
          <p>
            You are signed in as <strong>{user.email}</strong>. We can send a new link to that address.
          </p>
          <ResendButton email={user.email} />
        </>
      ) : (
        <p>
          <Link to="/login">Sign in</Link> to have a new link sent to your address.
        </p>
      )}
    </>
  );
}

function ResendButton({ email }: { email: string }) {
  const resend = useResendVerification(email);
  return (
    <Button type="primary" size="large" block loading={resend.isPending} onClick={() => resend.mutate()}>
      Resend verification e-mail
    </Button>
  );
}
