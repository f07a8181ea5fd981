import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The mail a test server wrote to `<dataDir>/outbox` (no SMTP_URL), read as a person would read their inbox: the
 * Vitest helpers (test-server.ts) and the Playwright fixtures (e2e/) follow the links in it. No test-only endpoint.
 */
export interface OutboxMessage {
  file: string;
  to: string;
  subject: string;
  text: string;
}

/** RFC 2045 quoted-printable: soft line breaks go, `=XX` becomes its byte. */
const decodeQuotedPrintable = (body: string): string =>
  Buffer.from(
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

function parseMessage(file: string, raw: string): OutboxMessage {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text = encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
  return { file, to: header('To').toLowerCase(), subject: header('Subject'), text };
}

/** Every message in the outbox, oldest first. */
export function outboxMessages(dataDir: string): OutboxMessage[] {
  const outbox = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .map((file) => ({ file, at: statSync(path.join(outbox, file)).mtimeMs }))
    .sort((a, b) => a.at - b.at || a.file.localeCompare(b.file))
    .map(({ file }) => parseMessage(file, readFileSync(path.join(outbox, file), 'utf8')));
}

/** The token of a `/verify-email#token=…` or `/reset-password#token=…` link in a message, if it has one. */
export function linkToken(message: OutboxMessage, page: '/verify-email' | '/reset-password'): string | null {
  return new RegExp(`${page}#token=([A-Za-z0-9_-]+)`).exec(message.text)?.[1] ?? null;
}

/**
 * Runs `action` (a registration, a resend, a forgot-password request…) and waits for the mail it makes the API send
 * to `to` (sent in the background, so it may land just after the answer); the first new message that matches.
 */
export async function mailAfter(
  dataDir: string,
  to: string,
  action: () => Promise<unknown>,
  matches: (message: OutboxMessage) => boolean = () => true,
): Promise<OutboxMessage> {
  const before = new Set(outboxMessages(dataDir).map((message) => message.file));
  await action();
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = outboxMessages(dataDir).find((message) => !before.has(message.file) && message.to === to.toLowerCase() && matches(message));
    if (found) return found;
    if (Date.now() > deadline) throw new Error('no such e-mail arrived in the outbox');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** `mailAfter`, for the message carrying a link to `page`: its token. */
export async function linkMailedAfter(dataDir: string, to: string, page: '/verify-email' | '/reset-password', action: () => Promise<unknown>): Promise<string> {
  const message = await mailAfter(dataDir, to, action, (each) => linkToken(each, page) !== null);
  return linkToken(message, page)!;
}
