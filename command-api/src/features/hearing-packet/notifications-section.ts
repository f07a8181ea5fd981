import { notificationQueries } from '@accommodate/projections/queries/notification-queries';
import { inRange } from './packet-range.ts';
import type { PacketSection } from './packet-section.ts';

const TYPE_LABELS: Record<string, string> = { review: 'Review', document: 'Document', feedback: 'Feedback', system: 'System' };

/** Every notification raised about the student in the range, whoever it went to, oldest first. */
export const notificationsSection: PacketSection = {
  title: 'Notifications sent',
  blocks: async ({ context, student, range, moment, personName }) => {
    const sent = (await notificationQueries(context.readStore).notificationsAbout(student.id))
      .filter((notification) => inRange(range, notification.date))
      .sort((a, b) => a.date.localeCompare(b.date));
    const rows: string[][] = [];
    for (const notification of sent) {
      const recipient = await personName(notification.userId);
      if (recipient.notTakenUp) continue;
      rows.push([moment(notification.date), recipient.name, TYPE_LABELS[notification.type] ?? notification.type, `${notification.title}\n${notification.message}`]);
    }
    return [
      {
        kind: 'table',
        columns: [{ title: 'When', width: 2 }, { title: 'To', width: 1.6 }, { title: 'Type', width: 1 }, { title: 'Notification', width: 5 }],
        rows,
        empty: 'No notification about this student was sent during the range.',
      },
    ];
  },
};
