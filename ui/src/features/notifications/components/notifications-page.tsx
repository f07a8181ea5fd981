import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, List, Skeleton, Switch, Tag } from 'antd';
import { CalendarOutlined, CheckCircleOutlined, CommentOutlined, FileTextOutlined, InfoCircleOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { PageHeader } from '../../../components/page-header.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useNotifications, type AppNotification } from '../api/notifications.ts';
import { groupNotifications } from './notification-groups.ts';
import './notifications-page.css';

const TYPE_ICONS: Record<string, React.ReactNode> = {
  review: <CalendarOutlined />,
  document: <FileTextOutlined />,
  feedback: <CommentOutlined />,
  system: <InfoCircleOutlined />,
};

function NotificationItem({ item, knownStudentIds }: { item: AppNotification; knownStudentIds: Set<string> }) {
  return (
    <List.Item className={item.read ? 'notification' : 'notification notification--new'}>
      <span className="notification__icon" aria-hidden="true">{TYPE_ICONS[item.type] ?? <InfoCircleOutlined />}</span>
      <div className="notification__body">
        <div className="notification__head">
          <h3 className="notification__title">{item.title}</h3>
          {item.read ? <Tag>Read</Tag> : <Tag color="blue">New</Tag>}
        </div>
        <p className="notification__message">{item.message}</p>
        <div className="notification__meta">
          <time dateTime={item.date}>{dayjs(item.date).format('MMM D, YYYY h:mm A')}</time>
          {item.studentId && knownStudentIds.has(item.studentId) ? (
            <Link to={`/students/${encodeURIComponent(item.studentId)}`}>View Student</Link>
          ) : null}
          {item.planId ? <Link to={`/plans/${encodeURIComponent(item.planId)}`}>View Plan</Link> : null}
        </div>
      </div>
    </List.Item>
  );
}

export default function NotificationsPage() {
  const notifications = useNotifications();
  const students = useQuery<{ id: string }[]>({ queryKey: queryKeys.students() });
  const [emailNotifications, setEmailNotifications] = useState(true);
  const [showRead, setShowRead] = useState(true);

  const knownStudentIds = useMemo(() => new Set((students.data ?? []).map((student) => student.id)), [students.data]);
  const visible = (notifications.data ?? []).filter((item) => showRead || !item.read);
  const groups = groupNotifications(visible, new Date());

  return (
    <>
      <PageHeader title="Notifications" description="Plan reviews, documents and updates about your students" />
      <Card className="notifications-settings" title={<h2 className="notifications-settings__title">Notification Settings</h2>}>
        <div className="notifications-settings__row">
          <label htmlFor="email-notifications">Email Notifications</label>
          <Switch id="email-notifications" checked={emailNotifications} onChange={setEmailNotifications} />
        </div>
        <div className="notifications-settings__row">
          <label htmlFor="show-read">Show Read Notifications</label>
          <Switch id="show-read" checked={showRead} onChange={setShowRead} />
        </div>
        <div className="notifications-settings__row">
          <span>Get detailed notifications with Premium</span>
          <Link to="/upgrade"><Button tabIndex={-1}>Upgrade</Button></Link>
        </div>
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
              <List dataSource={items} renderItem={(item) => <NotificationItem item={item} knownStudentIds={knownStudentIds} />} />
            </Card>
          </section>
        ))
      )}
    </>
  );
}
