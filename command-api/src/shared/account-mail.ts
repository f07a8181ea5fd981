import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Mailer } from '@accommodate/workers/notifications/mailer';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import type { AppContext } from '../framework/command-context.ts';

/**
 * The account's own e-mails, sent by the API itself: a link's raw token exists only in this process's
 * memory (the store keeps its hash), so no job could send it. Each names no one but its recipient's address, and
 * carries no student data.
 */
export type AccountMail =
  | { kind: 'verify-email'; token: string }
  | { kind: 'registration-attempt' }
  | { kind: 'email-changed' }
  /** Another account asked to move to this address in its Settings; the answer it got did not say the address is taken. */
  | { kind: 'email-change-attempt' }
  | { kind: 'reset-password'; token: string };

const CLOSING = 'The Accommodate team';

/** Subjects are fixed strings: nothing typed by anyone reaches a mail header (no CR or LF, no injected headers). */
function compose(mail: AccountMail, appUrl: string): { subject: string; lines: string[] } {
  switch (mail.kind) {
    case 'verify-email':
      return {
        subject: 'Verify your e-mail address for Accommodate',
        lines: [
          'Please confirm that this is your e-mail address by opening this link (it works for 24 hours):',
          '',
          // The token rides in the fragment, which browsers never send to a server or in a Referer header.
          `${appUrl}/verify-email#token=${mail.token}`,
          '',
          'Until you do, students shared with you will not appear in Accommodate.',
          'If you did not create an Accommodate account or change its address, you can ignore this message.',
        ],
      };
    case 'registration-attempt':
      return {
        subject: 'Someone tried to create an Accommodate account with your address',
        lines: [
          'Someone tried to create a new Accommodate account with this e-mail address. It already has an account,',
          'so no new account was created and nothing about yours was changed.',
          '',
          `If it was you, sign in here: ${appUrl}/login`,
          `If you have forgotten your password, you can reset it here: ${appUrl}/forgot-password`,
          '',
          'If it was not you, you need not do anything.',
        ],
      };
    case 'email-change-attempt':
      return {
        subject: 'Someone tried to use your address for another Accommodate account',
        lines: [
          'Someone signed in to another Accommodate account tried to change its e-mail address to this one.',
          'This address belongs to your account, so nothing was changed.',
          '',
          'If it was you (a second account, perhaps), you need not do anything.',
        ],
      };
    case 'email-changed':
      return {
        subject: 'The e-mail address of your Accommodate account was changed',
        lines: [
          'The e-mail address of your Accommodate account was changed, so messages about it now go to the new address.',
          '',
          'If you made this change, you need not do anything.',
          'If you did not, someone may know your password: please contact your school’s technology support at once.',
        ],
      };
    case 'reset-password':
      return {
        subject: 'Reset your Accommodate password',
        lines: [
          'Someone (we hope you) asked to reset the password of your Accommodate account. To choose a new password,',
          'open this link (it works for 1 hour, once):',
          '',
          `${appUrl}/reset-password#token=${mail.token}`,
          '',
          'If you did not ask for this, you can ignore this message: your password stays as it is.',
        ],
      };
  }
}

/** Outbox file names of an account's mail start with this: opaque ids only, never the address. */
const referencePrefix = (userId: string) => `account-${userId}-`;

/**
 * Sends in the background: the answer never waits for (or tells of) the mail server, so timing says nothing about
 * which addresses have accounts, and a failure is logged without personal data; the person can ask again.
 */
export function sendAccountMail(
  context: Pick<AppContext, 'mailer' | 'config' | 'logger' | 'eventStore'>,
  to: { userId: string; email: string },
  mail: AccountMail,
): void {
  const { subject, lines } = compose(mail, context.config.appUrl);
  const text = [...lines, '', CLOSING, ''].join('\r\n');
  const reference = `${referencePrefix(to.userId)}${randomUUID()}`;
  const send = async () => {
    await context.mailer.send({ to: to.email, subject, text, reference });
    // The account may have been erased while this was being written, after erasure cleared the outbox: take it back.
    // (The log, not the read model, which may not have caught up with a registration yet.)
    const history = await context.eventStore.readStream(streamName('user', to.userId));
    if (history.some((event) => event.type === 'UserAccountDeleted')) await context.mailer.withdraw(reference);
  };
  send().catch((error: unknown) => {
    context.logger.warn('account e-mail not sent', { kind: mail.kind, error: error instanceof Error ? error.name : typeof error });
  });
}

/** Erasure: the account's mail still in the outbox goes too (it names the address). SMTP mail has left us. */
export async function withdrawAccountMail(context: Pick<AppContext, 'mailer' | 'config'>, userId: string): Promise<void> {
  const outbox = path.join(context.config.dataDir, 'outbox');
  const files = await readdir(outbox).catch(() => [] as string[]);
  for (const file of files) {
    if (file.startsWith(referencePrefix(userId)) && file.endsWith('.eml')) await context.mailer.withdraw(file.slice(0, -'.eml'.length));
  }
}

/**
 * The start-up mailer, counting the sends under way, so that shutting down waits for them rather than closing the
 * stores (or removing a test's DATA_DIR) under a message being written.
 */
export function trackingSends(mailer: Mailer): Mailer & { settled(): Promise<void> } {
  const inFlight = new Set<Promise<unknown>>();
  return {
    send(mail) {
      const sending = mailer.send(mail);
      const settled = sending.catch(() => undefined).finally(() => inFlight.delete(settled));
      inFlight.add(settled);
      return sending;
    },
    withdraw: (reference) => mailer.withdraw(reference),
    close: () => mailer.close(),
    async settled() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}
