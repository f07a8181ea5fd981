import { useEffect, useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchCurrentUser } from '../lib/auth.ts';
import { queryKeys } from '../lib/query-keys.ts';
import { formatTimeLeft } from '../lib/session-idle-clock.ts';

/**
 * Two minutes before a session ends for idleness. 'Stay signed in' asks the server for the account, the
 * person's own request, which keeps the session going and closes the dialog (use-session-idle.ts); a session
 * already gone ends here as at the limit. Loaded only when it opens.
 */
export default function SessionIdleDialog({
  remainingMs,
  onSignOut,
  onEnded,
}: {
  remainingMs: () => number;
  onSignOut: () => void;
  onEnded: () => void;
}) {
  const queryClient = useQueryClient();
  const [timeLeft, setTimeLeft] = useState(() => formatTimeLeft(remainingMs()));
  useEffect(() => {
    const ticking = setInterval(() => setTimeLeft(formatTimeLeft(remainingMs())), 1000);
    return () => clearInterval(ticking);
  }, [remainingMs]);

  const stay = useMutation({
    mutationFn: fetchCurrentUser,
    onSuccess: (user) => {
      if (user) queryClient.setQueryData(queryKeys.currentUser(), user);
      else onEnded();
    },
  });

  return (
    <Modal
      open
      title="Stay signed in?"
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={[
        <Button key="sign-out" onClick={onSignOut}>
          Sign out
        </Button>,
        <Button key="stay" type="primary" loading={stay.isPending} onClick={() => stay.mutate()}>
          Stay signed in
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        You have not used Accommodate for a while. To protect your students’ records on a shared computer, you will be
        signed out in <strong data-testid="idle-time-left">{timeLeft}</strong>.
      </Typography.Paragraph>
    </Modal>
  );
}
