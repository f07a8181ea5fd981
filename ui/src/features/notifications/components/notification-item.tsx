import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, List, Tag } from 'antd';
import { CalendarOutlined, CommentOutlined, FileTextOutlined, InfoCircleOutlined } from '@ant-design/icons';
import type { AppNotification } from '../api/notifications.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';

const TYPE_ICONS: Record<AppNotification['type'], ReactNode> = {
  review: <CalendarOutlined />,
  document: <FileTextOutlined />,
  feedback: <CommentOutlined />,
  system: <InfoCircleOutlined />,
};

const TYPE_LABELS: Record<AppNotification['type'], string> = {
  review: 'Plan review',
  document: 'Document',
  feedback: 'Accommodation change',
  system: 'System',
};

interface NotificationItemProps {
  item: AppNotification;
  /** 'View Student' only for students in the user's own list (spec): a revoked share leaves no dead link. */
  knownStudentIds: ReadonlySet<string>;
  onMarkRead: (item: AppNotification) => void;
}

export function NotificationItem({ item, knownStudentIds, onMarkRead }: NotificationItemProps) {
  const markRead = () => {
    if (!item.read) onMarkRead(item);
  };
  return (
    <List.Item
      className={item.read ? 'notification' : 'notification notification--new'}
      onClick={markRead}
      data-testid="notification-item"
    >
      <span className="notification__icon" role="img" aria-label={TYPE_LABELS[item.type] ?? 'Notification'}>
        {TYPE_ICONS[item.type] ?? <InfoCircleOutlined />}
      </span>
      <div className="notification__body">
        <div className="notification__head">
          <h3 className="notification__title">{item.title}</h3>
          {item.read ? <Tag>Read</Tag> : <Tag color="blue">New</Tag>}
        </div>
        <p className="notification__message">{item.message}</p>
        <div className="notification__meta">
          <time dateTime={item.date}>{formatDateTime(item.date)}</time>
          {item.studentId && knownStudentIds.has(item.studentId) ? (
            <Link to={`/students/${encodeURIComponent(item.studentId)}`}>View Student</Link>
          ) : null}
          {item.planId ? <Link to={`/plans/${encodeURIComponent(item.planId)}`}>View Plan</Link> : null}
          {!item.read ? (
            <Button
              type="link"
              size="small"
              className="notification__mark-read"
              onClick={(event) => {
                event.stopPropagation();
                markRead();
              }}
            >
              Mark as read
            </Button>
          ) : null}
        </div>
      </div>
    </List.Item>
  );
}
