import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Descriptions, Form, Input, Switch, Tag } from 'antd';
import { Card } from '../../../components/card.tsx';
import { profileSchema, type CurrentUser, type ProfileInput } from '@accommodate/shared-events/schemas/account';
import { FormField } from '../../../components/form-field.tsx';
import { toast } from '../../../lib/toast.ts';
import { applyServerFieldErrors, serverMessageOr } from '../../../lib/form-errors.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { accountTypeOf, useHomeRole } from '../../../lib/home-role.ts';

const valuesOf = (user: CurrentUser): ProfileInput => ({
  name: user.name,
  email: user.email,
  emailNotifications: user.emailNotifications,
  currentPassword: '',
});

/** As the server compares it (the schema trims and lowercases). */
const sameAddress = (typed: string | undefined, current: string) => (typed ?? '').trim().toLowerCase() === current;

export function ProfileTab({ user }: { user: CurrentUser }) {
  const updateProfile = useUpdateProfile();
  const accountType = accountTypeOf(user.isPremium, useHomeRole());
  const { control, handleSubmit, reset, setError, formState } = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    values: valuesOf(user),
  });
  // A new address needs the password; the field appears only then, and only then is it sent.
  const emailChanged = !sameAddress(useWatch({ control, name: 'email' }), user.email);

  const onSubmit = handleSubmit(({ currentPassword, ...values }) =>
    updateProfile.mutate(emailChanged ? { ...values, currentPassword: currentPassword ?? '' } : values, {
      onSuccess: (saved) => {
        reset(valuesOf(saved));
        toast({
          title: 'Profile Updated',
          description: emailChanged
            ? `We sent a link to ${saved.email}. Open it to verify your new address.`
            : 'Your profile settings have been saved.',
        });
      },
      onError: (error) => {
        applyServerFieldErrors(error, setError);
        toast({
          title: 'Update Failed',
          description: serverMessageOr(error, 'Failed to update profile settings. Please try again.'),
          variant: 'destructive',
        });
      },
    }),
  );

  return (
    <Card title={<h2 className="settings-card-title">Profile</h2>}>
      <Form layout="vertical" component="div" requiredMark={false}>
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Profile" style={{ maxWidth: 520 }}>
          <FormField control={control} name="name" label="Full Name" render={(field) => (
            <Input {...field} value={field.value as string} autoComplete="name" />
          )} />
          <FormField
            control={control}
            name="email"
            label="Email Address"
            extra="Used for notifications and account recovery."
            render={(field) => <Input {...field} value={field.value as string} type="email" autoComplete="email" />}
          />
          {emailChanged ? (
            <FormField
              control={control}
              name="currentPassword"
              label="Current Password"
              extra="Needed to change your e-mail address. We will send a link to the new address to verify it."
              render={(field) => <Input.Password {...field} value={field.value as string} autoComplete="current-password" />}
            />
          ) : null}
          <FormField
            control={control}
            name="emailNotifications"
            label="Email Notifications"
            extra="Receive emails about plan reviews, action items and updates."
            render={({ value, onChange, id, ...rest }) => (
              <Switch id={id} checked={Boolean(value)} onChange={(checked) => onChange(checked)} aria-describedby={rest['aria-describedby']} />
            )}
          />
          <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label="Username">{user.username}</Descriptions.Item>
            <Descriptions.Item label="Account Type">
              {accountType ? <Tag color={accountType === 'Premium' ? 'purple' : undefined}>{accountType}</Tag> : null}
            </Descriptions.Item>
          </Descriptions>
          <Button type="primary" htmlType="submit" disabled={!formState.isDirty} loading={updateProfile.isPending}>
            Save Changes
          </Button>
        </form>
      </Form>
    </Card>
  );
}
