import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { toSingleLine } from '@accommodate/shared-events/schemas/single-line-text';
import { makePrivateDir, PRIVATE_FILE_MODE } from '@accommodate/shared-events/storage/private-files';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Names the .eml file in the outbox folder; an opaque id, never personal data. */
  reference: string;
}

export interface Mailer {
  /** Resolves once the message is with the SMTP server or written to the outbox folder. */
  send(mail: OutgoingMail): Promise<'smtp' | 'file'>;
  /** Removes a message still in the outbox folder (erasure); mail already given to SMTP is beyond reach. */
  withdraw(reference: string): Promise<void>;
  close(): void;
}

/** The outbox file of a message: named by its opaque reference, anything unsafe replaced. */
export const outboxFile = (outboxDir: string, reference: string): string =>
  path.join(outboxDir, `${reference.replace(/[^A-Za-z0-9_-]/g, '_')}.eml`);

export const MAIL_FROM = 'Accommodate <notifications@accommodate.invalid>';

/**
 * The message as nodemailer takes it. The subject is made one line here, whatever its source: nodemailer turns CR
 * and LF into spaces, but passes NEL (U+0085) and the Unicode line separators into an encoded word, which some mail
 * clients show as a line break (subjects escape CR as well as LF).
 */
const envelope = (mail: OutgoingMail) => ({ from: MAIL_FROM, to: mail.to, subject: toSingleLine(mail.subject), text: mail.text });

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each message is written
 * as an RFC 822 .eml file under `<outboxDir>`, which a developer can open in any mail client.
 */
export function createMailer(options: { smtpUrl?: string | undefined; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail(envelope(mail));
        return 'smtp';
      },
      withdraw: async () => undefined,
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(mail) {
      const info = await transport.sendMail(envelope(mail));
      await makePrivateDir(options.outboxDir);
      const file = outboxFile(options.outboxDir, mail.reference);
      // Write then rename, so a reader never sees half a message.
      const partial = `${file}.partial`;
      await writeFile(partial, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      await rename(partial, file);
      return 'file';
    },
    withdraw: (reference) => rm(outboxFile(options.outboxDir, reference), { force: true }),
    close: () => transport.close(),
  };
}
