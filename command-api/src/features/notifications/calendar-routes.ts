import { createHash, randomBytes } from 'node:crypto';
import { Router } from 'express';
import { displayName } from '@accommodate/shared-events/schemas/student';
import { NotFoundError } from '@accommodate/shared-events/domain/errors';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { userQueries } from '@accommodate/projections/queries/users-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { renderReviewCalendar, type ReviewEntry } from './calendar-feed.ts';
import { calendarFeeds, revokeCalendarFeeds } from '../../shared/calendar-feeds.ts';
import { requireProvedAddress } from '../../shared/current-user.ts';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Private ICS feed of the user's review dates, for Google and Outlook calendars. */
export function calendarRoutes(context: AppContext): Router {
  const router = Router();
  const feeds = () => calendarFeeds(context.readStore);
  const revokeAll = (userId: string) => revokeCalendarFeeds(context.readStore, userId);

  /** Creates the feed, or rotates it: the old URL stops working at once. */
  router.post('/api/calendar-feed', async (req, res) => {
    const userId = requireUser(req);
    // A feed made before the address is proved would outlive its owner taking the account back, and show them nothing
    // less than the students later shared with that address.
    await requireProvedAddress(context.readStore, userId);
    await revokeAll(userId);
    const token = randomBytes(32).toString('base64url');
    await feeds().put({ id: hashToken(token), userId, createdAt: context.now().toISOString() });
    res.status(201).json({ url: `${req.protocol}://${req.get('host')}/api/calendar/${token}.ics` });
  });

  router.delete('/api/calendar-feed', async (req, res) => {
    await revokeAll(requireUser(req));
    res.status(204).end();
  });

  /** No session: calendar apps fetch it unattended. The token is the credential. */
  router.get('/api/calendar/:token.ics', async (req, res) => {
    const token = req.params.token ?? '';
    const feed = TOKEN_PATTERN.test(token) ? await feeds().get(hashToken(token)) : null;
    // A feed left from an account deleted before its feeds were revoked with it serves nothing either.
    if (!feed || !(await userQueries(context.readStore).userById(feed.userId))) throw new NotFoundError('Calendar feed');
    // Visibility follows the student, as for GET /api/plans/:id: a share past its expiry date shows nothing, even
    // before the expiry job has run.
    const caseload = caseloadQueries(context.readStore);
    const now = context.now();
    const students = new Map((await caseload.studentsVisibleTo(feed.userId, now)).map((student) => [student.id, student]));
    const entries: ReviewEntry[] = [];
    for (const plan of await caseload.plansVisibleTo(feed.userId, now)) {
      const student = students.get(plan.studentId);
      if (plan.status === 'closed' || !student) continue;
      entries.push({ planId: plan.id, reviewDate: plan.reviewDate, studentLabel: displayName(student) });
    }
    entries.sort((a, b) => a.reviewDate.localeCompare(b.reviewDate) || a.planId.localeCompare(b.planId));
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    res.setHeader('Content-Disposition', 'inline; filename="504-plan-reviews.ics"');
    res.send(renderReviewCalendar(entries, now));
  });

  return router;
}
