import type { ReadStore } from '@accommodate/projections/store/read-store';
import type { OutboxRecord } from './email-delivery.ts';
import type { Mailer } from './mailer.ts';

/**
 * The end of every invitation e-mail (a share, a school's staff, a district's admins, a class's teachers): where to
 * create the account with the invited address, or sign in with it. The link is to the app's own public origin.
 */
export function joinLinks(invitation: { email: string; appUrl: string; lead: string; toOrganisation?: boolean }): string[] {
  const { email, appUrl } = invitation;
  // Someone joining a school or district is not shown the personal plan's price: its students never count toward it.
  const register = invitation.toOrganisation === true ? `${appUrl}/register?invited=1` : `${appUrl}/register`;
  return [
    `${invitation.lead}, create your account with this e-mail address (${email}):`,
    register,
    '',
    'If you already have an account with this address, sign in and confirm the address with the link we e-mailed you;',
    `you can ask for a new link after signing in: ${appUrl}/login`,
  ];
}

/**
 * Sends one invitation at most once: the outbox record keyed by the invitation makes a redelivered job a no-op.
 * `compose` reads the invitation as the log holds it now and returns null when there is nothing to send any more
 * (withdrawn, erased): the record then says skipped, and the invitation is never sent.
 */
export async function deliverInvitationOnce(
  deps: { readStore: ReadStore; mailer: Pick<Mailer, 'send'>; now: () => Date },
  outboxName: string,
  invitationId: string,
  compose: () => Promise<{ to: string; subject: string; text: string } | null>,
): Promise<OutboxRecord> {
  const outbox = deps.readStore.state<OutboxRecord>(outboxName);
  const already = await outbox.get(invitationId);
  if (already) return already;
  const mail = await compose();
  const at = deps.now().toISOString();
  const via = mail ? await deps.mailer.send({ ...mail, reference: `invitation-${invitationId}` }) : null;
  const record: OutboxRecord = { id: invitationId, status: via ? 'sent' : 'skipped', via, at };
  await outbox.put(record);
  return record;
}
