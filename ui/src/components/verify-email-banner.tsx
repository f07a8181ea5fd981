import { Alert, Button } from 'antd';
import { useResendVerification } from '../lib/resend-verification.ts';
import './verify-email-banner.css';

/**
 * In the signed-in shell while the account's address is unverified: what it means, and a way to get the
 * link again. Loaded only for such accounts, so verified ones download none of it.
 */
export default function VerifyEmailBanner({ email }: { email: string }) {
  const resend = useResendVerification(email);
  return (
    <Alert
      className="verify-email-banner"
      // Polite: it is shown on every page until the address is verified, and must not interrupt like an error.
      role="status"
      type="info"
      showIcon
      title="Please verify your e-mail address. Until you do, students shared with you will not appear."
      description={
        <>
          We sent a link to <strong>{email}</strong>.
        </>
      }
      action={
        <Button loading={resend.isPending} onClick={() => resend.mutate()}>
          Resend verification e-mail
        </Button>
      }
    />
  );
}
