import { Router } from 'express';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { notificationPreferencesSchema, notificationReadSchema } from '@accommodate/shared-events/schemas/notification';
import { notificationQueries, type NotificationDoc } from '@accommodate/projections/queries/notification-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { appendFact, handleCommand } from '../../framework/handle-command.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { notificationDecider } from '@accommodate/shared-events/domain/notification/decide-notification';

const toNotification = ({ userId: _userId, ...notification }: NotificationDoc) => notification;
const newestFirst = (a: NotificationDoc, b: NotificationDoc) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id);

/** The user's inbox and preference streams take appends in any order: they hold facts, not a decision. */
const inboxStream = (userId: string) => streamName('notification', `inbox-${userId}`);
const preferencesStream = (userId: string) => streamName('notification', `preferences-${userId}`);

export function notificationRoutes(context: AppContext): Router {
  const router = Router();
  const inbox = notificationQueries(context.readStore);

  const preferencesOf = async (userId: string) => {
    const { id: _id, ...preferences } = await inbox.preferencesOf(userId);
    return preferences;
  };

  router.get('/api/notifications', async (req, res) => {
    const userId = requireUser(req);
    const mine = await inbox.notificationsOf(userId);
    res.json(mine.sort(newestFirst).map(toNotification));
  });

  router.post('/api/notifications/read-all', async (req, res) => {
    const userId = requireUser(req);
    const unread = await inbox.unreadNotificationsOf(userId);
    if (unread.length > 0) {
      const notificationIds = unread.map((notification) => notification.id);
      await appendFact(context, inboxStream(userId), { type: 'NotificationsAllRead', data: { userId, notificationIds } }, { actor: { userId } });
    }
    res.json({ updated: unread.length });
  });

  router.patch('/api/notifications/:id', async (req, res) => {
    const userId = requireUser(req);
    const notificationId = idParam(req);
    const { read } = notificationReadSchema.parse(req.body);
    await handleCommand(
      context,
      notificationDecider,
      streamName('notification', notificationId),
      { type: 'MarkNotificationRead', notificationId, userId, read },
      { actor: { userId } },
    );
    const updated = await inbox.notificationById(notificationId);
    res.json(updated && updated.userId === userId ? toNotification(updated) : { id: notificationId, read });
  });

  router.get('/api/notification-preferences', async (req, res) => {
    res.json(await preferencesOf(requireUser(req)));
  });

  router.put('/api/notification-preferences', async (req, res) => {
    const userId = requireUser(req);
    const changes = notificationPreferencesSchema.parse(req.body);
    const next = { ...(await preferencesOf(userId)) };
    for (const [type, enabled] of Object.entries(changes)) if (enabled !== undefined) next[type as keyof typeof next] = enabled;
    await appendFact(context, preferencesStream(userId), { type: 'NotificationPreferencesChanged', data: { userId, ...next } }, { actor: { userId } });
    res.json(next);
  });
  return router;
}
