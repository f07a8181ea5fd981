import { useState } from 'react';
import { Button, Form, Input, Select } from 'antd';
import { STAFF_ROLES, STAFF_ROLE_LABELS, staffFormSchema, type StaffRole } from '@accommodate/shared-events/schemas/school';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { serverMessageOr } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useInviteStaff } from '../api/schools-api.ts';

const DEFAULT_ROLE: StaffRole = 'teacher';
export const STAFF_ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));

/**
 * Invite someone to a school's staff: active at once for a verified account, else pending until one proves the
 * address; either way they are e-mailed the way in. The role is Teacher unless chosen, for every invitation. Several
 * schools' forms share a page, so the fields' ids carry the school's.
 */
export function StaffInviteForm({ schoolId }: { schoolId: string }) {
  const invite = useInviteStaff();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>(DEFAULT_ROLE);
  const [error, setError] = useState<string | undefined>();
  const emailId = `invite-email-${schoolId}`;
  const roleId = `invite-role-${schoolId}`;

  const submit = async () => {
    const parsed = staffFormSchema.safeParse({ email, role });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    try {
      await invite.mutateAsync({ schoolId, ...parsed.data });
      // Each invitation starts again from the most common role: a role carried over from the last one went unnoticed.
      setEmail('');
      setRole(DEFAULT_ROLE);
      toast({ title: 'Invitation sent', description: `Invited as ${STAFF_ROLE_LABELS[parsed.data.role]}. We e-mailed them a link to join the school.` });
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.fieldErrors.email) setError(failure.fieldErrors.email);
      toast({ title: 'Invitation failed', description: serverMessageOr(failure, 'Please try again.'), variant: 'destructive' });
    }
  };
  return (
    <Form layout="vertical" onFinish={() => void submit()} noValidate className="school-invite-form">
      <Form.Item label="E-mail" htmlFor={emailId} validateStatus={error ? 'error' : undefined} help={error ? <span id={`${emailId}-error`}>{error}</span> : undefined}>
        <Input id={emailId} type="email" autoComplete="off" placeholder="colleague@school.edu" value={email} onChange={(event) => setEmail(event.target.value)} aria-invalid={Boolean(error)} aria-describedby={error ? `${emailId}-error` : undefined} />
      </Form.Item>
      <Form.Item label="Role" htmlFor={roleId}>
        <Select id={roleId} value={role} onChange={setRole} options={STAFF_ROLE_OPTIONS} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={invite.isPending}>
        Invite
      </Button>
    </Form>
  );
}
