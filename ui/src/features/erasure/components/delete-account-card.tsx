import { useState } from 'react';
import { Alert, Button, Card, Input, Modal, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';

/**
 * Settings → Security: permanent account deletion (DELETE /api/account), confirmed with the password.
 * What happens to shared students is said before anything is deleted.
 */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const queryClient = useQueryClient();

  const confirm = async () => {
    setDeleting(true);
    setError(null);
    try {
      await apiRequest('/api/account', { method: 'DELETE', body: { password } });
      queryClient.clear();
      toast({ title: 'Account deleted', description: 'Your account and your unshared students have been permanently deleted.' });
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
        <li>Students you own that are not shared with anyone are permanently deleted, with their plans, notes and documents.</li>
        <li>
          <strong>Students you have shared stay with the teachers you shared them with.</strong> They keep their access and the record; your name
          is removed and you show as a deleted account. Delete a shared student first if it should go too.
        </li>
        <li>Your name and e-mail are erased; the access log keeps only that an account viewed or changed a record, and when.</li>
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
        <Typography.Paragraph>Enter your password to confirm.</Typography.Paragraph>
        <Input.Password aria-label="Password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        {error && <Alert style={{ marginTop: 12 }} type="error" showIcon message={error} />}
      </Modal>
    </Card>
  );
}
