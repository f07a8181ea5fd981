import { Router } from 'express';
import { z } from 'zod';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { canForgetSubjects } from '@accommodate/shared-events/event-store/shredding-event-store';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { notificationQueries } from '@accommodate/projections/queries/notification-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { appendFact, handleCommand } from '../../framework/handle-command.ts';
import { ValidationError } from '@accommodate/shared-events/domain/errors';
import { requireUser } from '../../auth/authenticate.ts';
import { credentials, emailKey } from '../../auth/credentials.ts';
import { confirmPassword } from '../../auth/confirm-password.ts';
import type { SessionStore } from '../../auth/sessions.ts';
import { clearSessionCookie } from '../../auth/session-cookie.ts';
import { AccountTokens } from '../../auth/account-tokens.ts';
import { withdrawAccountMail } from '../../shared/account-mail.ts';
import { accountEmailOf } from '../../shared/current-user.ts';
import { emailClaimDecider } from '@accommodate/shared-events/domain/account/decide-user';
import { sharingDecider } from '@accommodate/shared-events/domain/sharing/decide-share';
import type { AccountDeletionOutcome } from '@accommodate/shared-events/schemas/account-deletion';
import { accountDeletionOutcome, departedGrantees } from '../../shared/owner-departure.ts';
import { deleteOutboxMail, eraseStudent, planStudentErasure } from '../../shared/student-erasure.ts';
import { handOverSchoolStudents } from '../../shared/school-handover.ts';
import { revokeCalendarFeeds } from '../../shared/calendar-feeds.ts';
import { forgetRecorded } from '../../shared/recorded-erasure.ts';

const deleteAccountSchema = z.object({ password: z.string().min(1, 'Enter your password to confirm').max(200) });

/**
 * GET /api/account/deletion-preview: what deleting the account would do to its students, for the dialog.
 * DELETE /api/account, confirmed with the password. Every student the user owns passes to its longest-standing
 * co-teacher (who is told), or, with none, is deleted and erased as a single student delete is; the other people it
 * is shared with keep their shares under the new owner. Then the account's own
 * key is destroyed (its name and e-mail in the log read '[erased]'), its password, sessions,
 * e-mail claim, mailed links and their outbox mail go, and UserAccountDeleted keeps "an account was deleted at T".
 */
export function accountErasureRoutes(context: AppContext, sessions: SessionStore): Router {
  const router = Router();

  router.get('/api/account/deletion-preview', async (req, res) => {
    res.json(await accountDeletionOutcome(context, requireUser(req)));
  });

  router.delete('/api/account', async (req, res) => {
    const userId = requireUser(req);
    const { password } = deleteAccountSchema.parse(req.body ?? {});
    const email = await accountEmailOf(context.readStore, userId);
    const store = credentials(context.readStore);
    const credential = await confirmPassword(context, userId, password);
    if (!credential) throw ValidationError.onField('password', 'Password is incorrect');
    if (!canForgetSubjects(context.eventStore)) throw new Error('This event store cannot erase personal data');

    // No student may be left that nobody can manage: a school's student passes to the school; any other to
    // its longest-standing co-teacher, or is erased.
    const outcome: AccountDeletionOutcome = { transferred: await handOverSchoolStudents(context, { userId, reason: 'account-deleted' }, userId), erased: 0 };
    for (const student of await caseloadQueries(context.readStore).studentsOwnedBy(userId)) {
      // Gathered before the decision: a StudentDeleted makes the read models forget what erasure must find.
      const erasure = await planStudentErasure(context, student.id);
      const { newEvents } = await handleCommand(
        context,
        sharingDecider,
        streamName('student', student.id),
        {
          type: 'HandOverForAccountDeletion',
          studentId: student.id,
          ownerId: userId,
          now: context.now().toISOString(),
          departedUserIds: await departedGrantees(context, student.id),
        },
        { actor: { userId } },
      );
      if (newEvents.some((event) => event.type === 'StudentDeleted')) {
        await eraseStudent(context, erasure);
        outcome.erased += 1;
      } else {
        outcome.transferred += 1;
      }
    }

    // Mail to this account carries its address; gathered before the projection forgets the notifications.
    const inbox = await notificationQueries(context.readStore).notificationsOf(userId);
    await appendFact(context, streamName('user', userId), { type: 'UserAccountDeleted', data: { userId } }, { actor: { userId } });
    await forgetRecorded(context, { kind: 'account', subjectId: userId });
    await handleCommand(context, emailClaimDecider, streamName('userEmail', emailKey(email)), { type: 'ReleaseEmail', userId }, { actor: { userId } });
    await store.delete(credential.id);
    await deleteOutboxMail(context, inbox.map((notification) => notification.id));
    // Its verification and reset links stop working, and their mail still in the outbox (it names the address) goes.
    await new AccountTokens(context.readStore, () => context.now()).revoke(userId);
    await withdrawAccountMail(context, userId);
    await sessions.destroyOthers(userId, undefined);
    // Its calendar URLs must not outlive it.
    await revokeCalendarFeeds(context.readStore, userId);
    await context.readStore.scrubDeleted?.();
    clearSessionCookie(req, res);
    res.json(outcome);
  });

  return router;
}
