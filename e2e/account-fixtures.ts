import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { linkMailedAfter, mailAfter } from '../command-api/src/testing/outbox-mail.ts';

/**
 * Accounts for the browser tests, made as a person makes one: register (202, no session), read the link
 * the server mailed from its outbox, sign in, follow the link. The one place e2e specs get a signed-in account; with
 * a page's `page.request`, the page is signed in too (they share cookies).
 */
export interface NewAccount {
  name: string;
  email: string;
  password: string;
}

export const newAccount = (name = 'Casey Teacher', prefix = 'teacher'): NewAccount => ({
  name,
  email: `${prefix}-${randomUUID()}@example.com`,
  password: 'correct horse battery',
});

/** The web server's DATA_DIR (playwright.config.ts, or the a11y bench's): its outbox is where the mail goes. */
function serverDataDir(): string {
  const dir = test.info().config.webServer?.env?.DATA_DIR;
  if (!dir) throw new Error('the Playwright config starts no web server with a DATA_DIR to read mail from');
  return dir;
}

/** Registers and signs in, and leaves the mailed link unfollowed: an unverified account. Returns the link's token. */
export async function signUpUnverified(request: APIRequestContext, account: NewAccount): Promise<string> {
  const token = await linkMailedAfter(serverDataDir(), account.email, '/verify-email', async () => {
    expect((await request.post('/api/auth/register', { data: account })).status()).toBe(202);
  });
  expect((await request.post('/api/auth/login', { data: { email: account.email, password: account.password } })).status()).toBe(200);
  return token;
}

/** A registered, verified and signed-in account. */
export async function signUp(request: APIRequestContext, account: NewAccount = newAccount()): Promise<NewAccount & { id: string }> {
  const token = await signUpUnverified(request, account);
  const verified = await request.post('/api/auth/verify-email', { data: { token } });
  expect(verified.status()).toBe(200);
  return { ...account, id: ((await verified.json()) as { id: string }).id };
}

/** Does `action` (a click in the UI) and returns the e-mail it made the server send to `email` (an invitation, a notice). */
export const mailedBy = (email: string, action: () => Promise<unknown>, matches?: Parameters<typeof mailAfter>[3]) => mailAfter(serverDataDir(), email, action, matches);

/**
 * Does `action` (a click in the UI) and opens nothing: returns the link to `page` in the e-mail it made the server
 * send to `email`, as the person would click it (the app's origin, the token in the fragment).
 */
export async function linkMailedBy(email: string, page: '/verify-email' | '/reset-password', action: () => Promise<unknown>): Promise<string> {
  const message = await mailAfter(serverDataDir(), email, action, (mail) => mail.text.includes(`${page}#token=`));
  const link = new RegExp(`https?://\\S+${page}#token=[\\w-]+`).exec(message.text)?.[0];
  if (!link) throw new Error(`the e-mail has no ${page} link`);
  return link;
}
