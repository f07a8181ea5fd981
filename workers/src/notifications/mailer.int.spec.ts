import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, MAIL_FROM } from './mailer.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/**
 * Just enough of an SMTP server (RFC 5321, no TLS, no auth) to see what the mailer hands over:
 * each accepted message, or a 550 refusal of every recipient when `refuse` is set.
 */
async function startSmtpSink(options: { refuse?: boolean } = {}): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink.test ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 2.0.0 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 sink.test');
        else if (verb === 'MAIL') {
          current.from = line.slice(10).replace(/[<>]/g, '').split(' ')[0]!;
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          if (options.refuse) reply('550 5.1.1 mailbox unavailable');
          else {
            current.to.push(line.slice(8).replace(/[<>]/g, ''));
            reply('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        else reply('502 5.5.1 not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('mailer', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('with SMTP_URL, hands the message to the SMTP server: sender, recipient, subject and text', async () => {
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const mailer = createMailer({ smtpUrl: sink.url, outboxDir: '/nonexistent' });
    cleanups.push(() => mailer.close());

    const via = await mailer.send({ to: 'pat@school.test', subject: 'Plan review tomorrow', text: 'Review the plan for Maya R.\r\n', reference: 'n-1' });

    expect(via).toBe('smtp');
    expect(sink.received).toHaveLength(1);
    const [message] = sink.received;
    expect(message!.from).toBe('notifications@accommodate.invalid');
    expect(message!.to).toEqual(['pat@school.test']);
    expect(message!.data).toContain('Subject: Plan review tomorrow');
    expect(message!.data).toContain(`From: ${MAIL_FROM}`);
    expect(message!.data).toContain('Review the plan for Maya R.');
  });

  it('with SMTP_URL, fails the send when the server refuses the recipient, so the job is tried again', async () => {
    const sink = await startSmtpSink({ refuse: true });
    cleanups.push(() => sink.close());
    const mailer = createMailer({ smtpUrl: sink.url, outboxDir: '/nonexistent' });
    cleanups.push(() => mailer.close());

    await expect(mailer.send({ to: 'pat@school.test', subject: 'Plan review tomorrow', text: 'x', reference: 'n-2' })).rejects.toThrow();
    expect(sink.received).toHaveLength(0);
  });

  it('without SMTP_URL, writes one .eml file per message, named by its reference, and withdraws it', async () => {
    const outbox = mkdtempSync(join(tmpdir(), 'outbox-'));
    cleanups.push(() => rmSync(outbox, { recursive: true, force: true }));
    const mailer = createMailer({ outboxDir: outbox });
    cleanups.push(() => mailer.close());

    expect(await mailer.send({ to: 'pat@school.test', subject: 'Plan review tomorrow', text: 'Review the plan.\r\n', reference: 'n-3' })).toBe('file');
    expect(readdirSync(outbox)).toEqual(['n-3.eml']);
    const eml = readFileSync(join(outbox, 'n-3.eml'), 'utf8');
    expect(eml).toContain('To: pat@school.test');
    expect(eml).toContain('Subject: Plan review tomorrow');

    await mailer.withdraw('n-3');
    expect(readdirSync(outbox)).toEqual([]);
  });

  it('writes a subject with CR, LF, NEL or a Unicode line separator as one plain line, so nothing can add a header', async () => {
    const outbox = mkdtempSync(join(tmpdir(), 'outbox-'));
    cleanups.push(() => rmSync(outbox, { recursive: true, force: true }));
    const mailer = createMailer({ outboxDir: outbox });
    cleanups.push(() => mailer.close());

    await mailer.send({ to: 'pat@school.test', subject: 'Plan review\rBcc: evil@attacker.test\u0085for\u2028Maya\n', text: 'x', reference: 'n-4' });
    const head = readFileSync(join(outbox, 'n-4.eml'), 'utf8').split('\r\n\r\n')[0]!;
    expect(head).toContain('Subject: Plan review Bcc: evil@attacker.test for Maya\r\n');
    expect(head).not.toMatch(/^Bcc:/m);
  });
});
