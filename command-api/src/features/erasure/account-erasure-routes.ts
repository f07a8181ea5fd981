import { Router } from 'express';
import { z } from 'zod';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { canForgetSubjects } from '@accommodate/shared-events/event-store/shredding-event-store';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import type { StudentDoc } from '@accommodate/projections/queries/caseload-schema';
import { notificationQueries } from '@accommodate/projections/queries/notification-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { appendFact, handleCommand } from '../../framework/handle-command.ts';
import { ValidationError } from '@accommodate/shared-events/domain/errors';
import { requireUser } from '../../auth/authenticate.ts';
import { credentials, emailKey } from '../../auth/credentials.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import type { SessionStore } from '../../auth/sessions.ts';
import { clearSessionCookie } from '../../auth/session-cookie.ts';
import { AccountTokens } from '../../auth/account-tokens.ts';
import { withdrawAccountMail } from '../../shared/account-mail.ts';
import { loadCurrentUser } from '../../shared/current-user.ts';
import { emailClaimDecider } from '@accommodate/shared-events/domain/account/decide-user';
import { studentDecider } from '@accommodate/shared-events/domain/student/decide-student';
import { deleteOutboxMail, eraseStudent, planStudentErasure } from '../../shared/student-erasure.ts';
import { truncateReadModelWal } from '../../shared/embedded-files.ts';
import { revokeCalendarFeeds } from '../../shared/calendar-feeds.ts';

const deleteAccountSchema = z.object({ password: z.string().min(1, 'Enter your password to confirm').max(200) });

/** A student someone else can also see stays for them; see DELETE /api/account. */
const sharedWithOthers = (student: StudentDoc, userId: string) => student.viewerIds.some((id) => id !== userId);

/**
 * DELETE /api/account, confirmed with the password. Every student the user owns that is
 * shared with no one else is deleted and erased as a single student delete is. Students
 * shared with someone else stay, for the people they are shared with: they keep their
 * access and the record, and see the owner as a deleted account. Then the account's own
 * key is destroyed (its name and e-mail in the log read '[erased]'), its password, sessions,
 * e-mail claim, mailed links and their outbox mail go, and UserAccountDeleted keeps "an account was deleted at T".
 */
export function accountErasureRoutes(context: AppContext, sessions: SessionStore): Router {
  const router = Router();

  router.delete('/api/account', async (req, res) => {
    const userId = requireUser(req);
    const { password } = deleteAccountSchema.parse(req.body ?? {});
    const user = await loadCurrentUser(context.readStore, userId);
    const store = credentials(context.readStore);
    const credential = await store.get(emailKey(user.email));
    if (!credential || !(await verifyPassword(password, credential.passwordHash))) {
      throw ValidationError.onField('password', 'Password is incorrect');
    }
    if (!canForgetSubjects(context.eventStore)) throw new Error('This event store cannot erase personal data');

    const owned = await caseloadQueries(context.readStore).studentsOwnedBy(userId);
    let kept = 0;
    for (const student of owned) {
      if (sharedWithOthers(student, userId)) {
        kept += 1;
        continue;
      }
      const erasure = await planStudentErasure(context, student.id);
      await handleCommand(context, studentDecider, streamName('student', student.id), { type: 'DeleteStudent', studentId: student.id }, { actor: { userId } });
      await eraseStudent(context, erasure);
    }

    // Mail to this account carries its address; gathered before the projection forgets the notifications.
    const inbox = await notificationQueries(context.readStore).notificationsOf(userId);
    await appendFact(context, streamName('user', userId), { type: 'UserAccountDeleted', data: { userId } }, { actor: { userId } });
    await context.eventStore.forgetSubject(userId);
    await handleCommand(context, emailClaimDecider, streamName('userEmail', emailKey(user.email)), { type: 'ReleaseEmail', userId }, { actor: { userId } });
    await store.delete(credential.id);
    await deleteOutboxMail(context, inbox.map((notification) => notification.id));
    // Its verification and reset links stop working, and their mail still in the outbox (it names the address) goes.
    await new AccountTokens(context.readStore, () => context.now()).revoke(userId);
    await withdrawAccountMail(context, userId);
    await sessions.destroyOthers(userId, undefined);
    // A shared student stays, and the deleted account with it among its viewers: its calendar URLs must not outlive it.
    await revokeCalendarFeeds(context.readStore, userId);
    await truncateReadModelWal(context.readStore);
    clearSessionCookie(req, res);
    res.json({ deletedStudents: owned.length - kept, keptSharedStudents: kept });
  });

  return router;
}
