import { Button, Form, Input, Select } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { STAFF_ROLES, STAFF_ROLE_LABELS, staffFormSchema } from '@accommodate/shared-events/schemas/school';
import { FormField } from '../../../components/form-field.tsx';
import { applyServerFieldErrors, serverMessageOr } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useInviteStaff } from '../api/schools-api.ts';

type StaffForm = z.infer<typeof staffFormSchema>;
const EMPTY: StaffForm = { email: '', role: 'teacher' };
export const STAFF_ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));

/** Invite someone to a school's staff: active at once for a verified account, else pending until one proves the address. */
export function StaffInviteForm({ schoolId }: { schoolId: string }) {
  const invite = useInviteStaff();
  const { control, handleSubmit, reset, setError } = useForm<StaffForm>({ defaultValues: EMPTY, resolver: zodResolver(staffFormSchema) });
  const submit = handleSubmit(async (form) => {
    try {
      await invite.mutateAsync({ schoolId, ...form });
      reset(EMPTY);
      toast({ title: 'Invitation sent', description: `${STAFF_ROLE_LABELS[form.role]} invited to the school.` });
    } catch (error) {
      applyServerFieldErrors(error, setError);
      toast({ title: 'Invitation failed', description: serverMessageOr(error, 'Please try again.'), variant: 'destructive' });
    }
  });
  return (
    <Form layout="vertical" onFinish={() => void submit()} noValidate className="school-invite-form">
      <FormField
        control={control}
        name="email"
        label="E-mail"
        render={(field) => <Input {...field} value={typeof field.value === 'string' ? field.value : ''} type="email" autoComplete="off" placeholder="colleague@school.edu" />}
      />
      <FormField
        control={control}
        name="role"
        label="Role"
        render={(field) => <Select id={field.id} value={field.value} onChange={field.onChange} options={STAFF_ROLE_OPTIONS} aria-label="Role" />}
      />
      <Button type="primary" htmlType="submit" loading={invite.isPending}>
        Invite
      </Button>
    </Form>
  );
}
