import { lazy, Suspense, useState } from 'react';
import { Button, Tag } from 'antd';
import { useTwoFactorStatus } from '../api/get-two-factor-status.ts';

// The dialogs (and the set-up's QR code) load when first opened.
const TwoFactorSetupDialog = lazy(() => import('./two-factor-setup-dialog.tsx').then((m) => ({ default: m.TwoFactorSetupDialog })));
const TwoFactorOffDialog = lazy(() => import('./two-factor-off-dialog.tsx').then((m) => ({ default: m.TwoFactorOffDialog })));

/** Account Security's two-factor row (the spec's 'Coming Soon' button, made real). */
export function TwoFactorRow() {
  const status = useTwoFactorStatus();
  // null until first opened; then the dialog stays mounted, so that closing animates.
  const [shown, setShown] = useState<'setup' | 'off' | null>(null);
  const [everShown, setEverShown] = useState<{ setup: boolean; off: boolean }>({ setup: false, off: false });
  const show = (which: 'setup' | 'off') => {
    setEverShown((before) => ({ ...before, [which]: true }));
    setShown(which);
  };
  const enabled = status.data?.enabled === true;

  return (
    <div className="settings-row">
      <div>
        <h3 className="settings-row__title">
          Two-factor sign-in {enabled ? <Tag color="green">On</Tag> : null}
        </h3>
        <p className="settings-row__text">
          {enabled
            ? 'Signing in asks for your password and a code from your authenticator app.'
            : 'Add an extra layer of security: signing in also asks for a code from an app on your phone.'}
        </p>
      </div>
      {enabled ? (
        <Button onClick={() => show('off')}>Turn Off</Button>
      ) : (
        <Button onClick={() => show('setup')} disabled={status.isPending || status.isError}>
          Set Up
        </Button>
      )}
      <Suspense fallback={null}>
        {everShown.setup && <TwoFactorSetupDialog open={shown === 'setup'} onClose={() => setShown(null)} />}
        {everShown.off && <TwoFactorOffDialog open={shown === 'off'} onClose={() => setShown(null)} />}
      </Suspense>
    </div>
  );
}
