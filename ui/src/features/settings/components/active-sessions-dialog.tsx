import { useRef } from 'react';
import { Alert, Button, Modal, Skeleton, Tag } from 'antd';
import type { ActiveSession } from '@accommodate/shared-events/schemas/active-session';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { toast } from '../../../lib/toast.ts';
import { useActiveSessions } from '../api/get-active-sessions.ts';
import { useEndSession } from '../api/end-session.ts';
import { useEndOtherSessions } from '../api/end-other-sessions.ts';

const failed = () =>
  toast({ title: 'Error', description: 'Failed to sign out the session. Please try again.', variant: 'destructive' });

/** Where the account is signed in; a lost phone or a shared staff-room computer can be signed out from here. */
export function ActiveSessionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const sessions = useActiveSessions(open);
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = (sessions.data ?? []).filter((session) => !session.current);
  // The button that had the focus goes with its row (or is disabled): the focus moves to Close rather than to the page.
  const closeButton = useRef<HTMLButtonElement>(null);
  const keepFocusInDialog = () => closeButton.current?.focus();

  const signOut = (session: ActiveSession) =>
    endOne.mutate(session.id, {
      onSuccess: () => {
        keepFocusInDialog();
        toast({ title: 'Session signed out', description: `${session.device} is no longer signed in.` });
      },
      onError: failed,
    });
  const signOutOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: () => {
        keepFocusInDialog();
        toast({ title: 'Other sessions signed out', description: 'Only this device is still signed in.' });
      },
      onError: failed,
    });

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title="Active Sessions"
      footer={[
        <Button key="others" danger disabled={others.length === 0} loading={endOthers.isPending} onClick={signOutOthers}>
          Sign out all other sessions
        </Button>,
        <Button key="close" ref={closeButton} onClick={onClose}>
          Close
        </Button>,
      ]}
    >
      {sessions.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : sessions.isError ? (
        <Alert type="error" title="Could not load your sessions. Please try again." />
      ) : (
        <ul className="active-sessions" aria-label="Sessions">
          {sessions.data.map((session) => (
            <li key={session.id} className="active-sessions__item">
              <div>
                <div className="active-sessions__device">
                  {session.device} {session.current && <Tag color="green">This device</Tag>}
                </div>
                <div className="active-sessions__when">Signed in {formatDateTime(session.signedInAt)}</div>
              </div>
              {!session.current && (
                <Button
                  size="small"
                  onClick={() => signOut(session)}
                  loading={endOne.isPending && endOne.variables === session.id}
                  aria-label={`Sign out ${session.device}, signed in ${formatDateTime(session.signedInAt)}`}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
