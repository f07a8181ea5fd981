import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, List, Skeleton, Switch } from 'antd';
import { Card } from '../../../components/card.tsx';
import { CheckCircleOutlined, CheckOutlined } from '@ant-design/icons';
import type { StudentListItem } from '@accommodate/shared-events/schemas/student';
import { FREE_STUDENT_LIMIT } from '@accommodate/shared-events/config/plans';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { isSchoolStaff, useHomeRole } from '../../../lib/home-role.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { serverMessageOr } from '../../../lib/form-errors.ts';
import { useNotifications, type AppNotification } from '../api/notifications.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts';
import { useUpdateEmailNotifications } from '../api/update-email-notifications.ts';
import { groupNotifications } from './notification-groups.ts';
import { NotificationItem } from './notification-item.tsx';
import './notifications-page.css';

const failed = (error: unknown, fallback: string) =>
  toast({ title: 'Update Failed', description: serverMessageOr(error, fallback), variant: 'destructive' });

function EmailNotificationsSwitch() {
  const { user } = useCurrentUser();
  const update = useUpdateEmailNotifications();
  if (!user) return null;
  return (
    <Switch
      id="email-notifications"
      checked={update.isPending ? update.variables.emailNotifications : user.emailNotifications}
      loading={update.isPending}
      onChange={(emailNotifications) =>
        update.mutate(
          { user, emailNotifications },
          {
            onSuccess: (saved) =>
              toast({
                title: 'Preferences Updated',
                description: saved.emailNotifications ? 'Email notifications are on.' : 'Email notifications are off.',
              }),
            onError: (error) => failed(error, 'Failed to update notification settings. Please try again.'),
          },
        )
      }
    />
  );
}

/**
 * Spec: the settings card offers an Upgrade button. Only to a Free account, and saying what Premium really adds
 * (notifications are the same on both plans): a Premium member is not asked to upgrade, nor a school's staff, whose
 * school's students never count toward the personal plan.
 */
function UpgradeRow() {
  const { user } = useCurrentUser();
  const role = useHomeRole();
  if (!user || user.isPremium || !role || isSchoolStaff(role)) return null;
  return (
    <div className="notifications-settings__row">
      <span>Need more than {FREE_STUDENT_LIMIT} students? Premium has no limit.</span>
      <Link to="/upgrade"><Button tabIndex={-1}>Upgrade</Button></Link>
    </div>
  );
}

export default function NotificationsPage() {
  const notifications = useNotifications();
  // The students list's own cache entry (same key as the students feature), fetched by the default GET.
  const students = useQuery<StudentListItem[]>({ queryKey: queryKeys.students() });
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const [showRead, setShowRead] = useState(true);

  const knownStudentIds = useMemo(() => new Set((students.data ?? []).map((student) => student.id)), [students.data]);
  const all = notifications.data ?? [];
  const unread = all.filter((item) => !item.read).length;
  const visible = all.filter((item) => showRead || !item.read);
  const groups = groupNotifications(visible, new Date());

  const onMarkRead = (item: AppNotification) =>
    markRead.mutate({ id: item.id, read: true }, { onError: (error) => failed(error, 'Could not mark the notification as read.') });
  const onMarkAllRead = () =>
    markAllRead.mutate(undefined, { onError: (error) => failed(error, 'Could not mark your notifications as read.') });

  return (
    <>
      <PageHeader
        title="Notifications"
        description="Plan reviews, documents and updates about your students"
        actions={
          <Button icon={<CheckOutlined />} onClick={onMarkAllRead} disabled={unread === 0} loading={markAllRead.isPending}>
            Mark all as read
          </Button>
        }
      />
      <Card className="notifications-settings" title={<h2 className="notifications-settings__title">Notification Settings</h2>}>
        <div className="notifications-settings__row">
          <label htmlFor="email-notifications">Email Notifications</label>
          <EmailNotificationsSwitch />
        </div>
        <div className="notifications-settings__row">
          <label htmlFor="show-read">Show Read Notifications</label>
          <Switch id="show-read" checked={showRead} onChange={setShowRead} />
        </div>
        <UpgradeRow />
      </Card>

      {notifications.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : notifications.isError ? (
        <Alert type="error" showIcon title="Could not load notifications. Please try again later." />
      ) : groups.length === 0 ? (
        <Card>
          <Empty
            className="notifications-empty"
            image={<CheckCircleOutlined className="notifications-empty__icon" aria-hidden="true" />}
            description={
              <>
                <h2 className="notifications-empty__title">All caught up!</h2>
                <p>You have no unread notifications at the moment.</p>
              </>
            }
          >
            {!showRead ? <Button onClick={() => setShowRead(true)}>Show read notifications</Button> : null}
          </Empty>
        </Card>
      ) : (
        groups.map(([group, items]) => (
          <section key={group} aria-label={group} className="notifications-group">
            <h2 className="notifications-group__title">{group}</h2>
            <Card>
              <List
                dataSource={items}
                rowKey="id"
                renderItem={(item) => <NotificationItem item={item} knownStudentIds={knownStudentIds} onMarkRead={onMarkRead} />}
              />
            </Card>
          </section>
        ))
      )}
    </>
  );
}
