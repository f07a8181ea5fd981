import { useState } from 'react';
import { Alert, Button, Input, Modal, Typography } from 'antd';
import { Card } from '../../../components/card.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { accountDeletionSummary } from '@accommodate/shared-events/schemas/account-deletion';
import { useAccountDeletionPreview } from '../api/get-account-deletion-preview.ts';

/**
 * Settings → Security: permanent account deletion (DELETE /api/account), confirmed with the password.
 * What happens to the user's students is said before anything is deleted: in general on the card, in numbers in the
 * dialog (GET /api/account/deletion-preview, decided by the same rule as the deletion).
 */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const queryClient = useQueryClient();
  const preview = useAccountDeletionPreview(open);

  const confirm = async () => {
    setDeleting(true);
    setError(null);
    try {
      await apiRequest('/api/account', { method: 'DELETE', body: { password } });
      queryClient.clear();
      toast({ title: 'Account deleted', description: 'Your account has been permanently deleted.' });
      window.location.assign('/');
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? (failure.serverMessage ?? 'Could not delete the account.') : 'Could not delete the account.');
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Card title={<h2 className="settings-card-title">Delete Account</h2>} data-testid="delete-account-card">
      <Typography.Paragraph>Permanently delete your account. This cannot be undone.</Typography.Paragraph>
      <ul>
        <li>
          <strong>Each student you own passes to their co-teacher</strong> (the one who has shared the student longest), who becomes the owner
          and is told. The other people you shared the student with keep their access.
        </li>
        <li>Students with no co-teacher are permanently deleted, with their plans, notes and documents.</li>
        <li>Your name and e-mail are erased; the access logs of the students you looked at keep your name, as the law requires.</li>
      </ul>
      <Button danger onClick={() => setOpen(true)}>
        Delete Account
      </Button>
      <Modal
        open={open}
        title="Delete your account permanently?"
        okText="Delete Account"
        okButtonProps={{ danger: true, disabled: password === '', loading: deleting }}
        onOk={() => void confirm()}
        onCancel={() => {
          setOpen(false);
          setPassword('');
          setError(null);
        }}
      >
        <Typography.Paragraph data-testid="account-deletion-summary" strong>
          {preview.isPending ? 'Checking your students…' : preview.isError ? 'Could not check your students.' : accountDeletionSummary(preview.data)}
        </Typography.Paragraph>
        <Typography.Paragraph>Enter your password to confirm.</Typography.Paragraph>
        <Input.Password aria-label="Password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        {error && <Alert style={{ marginTop: 12 }} type="error" showIcon title={error} />}
      </Modal>
    </Card>
  );
}
