import { Alert, Skeleton, Switch } from 'antd';
import { Card } from '../../../components/card.tsx';
import type { NotificationPreferences } from '@accommodate/shared-events/schemas/notification';
import { useCurrentUser } from '../../../lib/auth.ts';
import { toast } from '../../../lib/toast.ts';
import { serverMessageOr } from '../../../lib/form-errors.ts';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/notification-preferences.ts';
import { CalendarFeedCard } from './calendar-feed-card.tsx';

const PREFERENCES: readonly { type: keyof NotificationPreferences; title: string; text: string }[] = [
  { type: 'review', title: 'Plan Review Reminders', text: 'E-mails 30, 7 and 1 days before a 504 plan is due for review, and when it is overdue.' },
  { type: 'feedback', title: 'Action Item Alerts', text: "An e-mail when a co-teacher changes a student's accommodations." },
  { type: 'document', title: 'Student Updates', text: 'An e-mail when a co-teacher uploads a document for a shared student.' },
  { type: 'system', title: 'System Messages', text: 'An e-mail when a student is shared with you, or a share ends.' },
];

export function NotificationsTab() {
  const { user } = useCurrentUser();
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  // The per-type switches choose which e-mails are sent, so they only apply while e-mail is on.
  const emailOn = user?.emailNotifications ?? false;

  const change = (type: keyof NotificationPreferences, enabled: boolean) =>
    update.mutate(
      { [type]: enabled },
      {
        onSuccess: () => toast({ title: 'Preferences Updated', description: 'Your notification preferences have been saved.' }),
        onError: (error) =>
          toast({
            title: 'Update Failed',
            description: serverMessageOr(error, 'Failed to update notification preferences. Please try again.'),
            variant: 'destructive',
          }),
      },
    );

  /** While a save is on its way, the switch shows where the user put it. */
  const valueOf = (type: keyof NotificationPreferences): boolean => {
    const pending = update.isPending ? update.variables[type] : undefined;
    return pending ?? preferences.data?.[type] ?? true;
  };

  return (
    <>
      <Card title={<h2 className="settings-card-title">Notification Preferences</h2>}>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="These preferences follow your Email Notifications setting on the Profile tab."
        />
        {!emailOn ? (
          <p className="settings-row__text" id="preferences-disabled-hint">
            Email Notifications are off. Turn them on in the Profile tab to choose which e-mails you receive.
          </p>
        ) : null}
        {preferences.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : preferences.isError ? (
          <Alert type="error" showIcon title="Could not load your notification preferences. Please try again later." />
        ) : (
          PREFERENCES.map((preference) => (
            <div key={preference.type} className="settings-row">
              <div>
                <h3 className="settings-row__title" id={`pref-${preference.type}`}>{preference.title}</h3>
                <p className="settings-row__text">{preference.text}</p>
              </div>
              <Switch
                checked={valueOf(preference.type)}
                disabled={!emailOn}
                loading={update.isPending && update.variables[preference.type] !== undefined}
                onChange={(enabled) => change(preference.type, enabled)}
                aria-labelledby={`pref-${preference.type}`}
                aria-describedby={!emailOn ? 'preferences-disabled-hint' : undefined}
              />
            </div>
          ))
        )}
      </Card>
      <CalendarFeedCard />
    </>
  );
}
