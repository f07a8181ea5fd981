import { createHash, randomBytes } from 'node:crypto';
import type { ReadStore, StateCollection } from '@accommodate/projections/store/read-store';
import { keptUnderStamp, type KeptUnderStamp } from '@accommodate/projections/store/kept-under-stamp';
import type { ActiveSession } from '@accommodate/shared-events/schemas/active-session';

export const SESSION_COOKIE = 'sid';
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
export const DEFAULT_SESSION_IDLE_MS = 30 * 60 * 1000;
/** Activity is written down at most once a minute per session: each write moves the store's change stamp. */
const ACTIVITY_GRANULARITY_MS = 60 * 1000;


/** Stored under a hash of the token, so a copy of the store cannot be replayed as cookies. */
interface SessionDoc {
  id: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
  /** The last request the person made (to the minute); absent on sessions from before the idle timeout. */
  lastActiveAt?: string;
  /** 'Chrome on Windows' (describe-device.ts); absent on sessions from before it was kept. */
  device?: string;
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
/** What the browser may see of a session: derived from the stored id, so it can neither sign in nor be turned into the room name. */
const publicIdOf = (sessionId: string): string => createHash('sha256').update(`public:${sessionId}`).digest('hex').slice(0, 24);

export interface SessionLookupOptions {
  activity: boolean;
  stamp?: string | undefined;
  connection?: object | undefined;
}

/** Sessions kept in memory between requests, at most; past that the memory starts again empty. */
const MAX_KNOWN_SESSIONS = 10_000;

export class SessionStore {
  private readonly sessions: StateCollection<SessionDoc>;
  /**
   * Sessions kept under the store's change stamp: every request looks its session up, and the stamp costs
   * less than the read. Any write to the store, in this process or another (a sign-out, a password change
   * elsewhere), moves the stamp, so a session ended anywhere is refused at the next request. Expiry is
   * checked at each use. Null where the store has no stamp.
   */
  private readonly known: KeptUnderStamp<string, SessionDoc> | null;
  private readonly storeStamp: (() => string) | null;
  /**
   * The last token's hash per connection: a browser's keep-alive connection sends the same cookie with each request,
   * and SHA-256 was 1.5 % of a cached GET. A WeakMap, so it goes with the connection.
   */
  private readonly hashedOn = new WeakMap<object, { token: string; id: string }>();
  /** Told the ids of sessions that ended here (sign-out, password change, account deleted, expiry), to close their sockets. */
  private readonly endedListeners = new Set<(sessionIds: string[]) => void>();

  constructor(
    store: ReadStore,
    private readonly now: () => Date,
    private readonly idleMs: number = DEFAULT_SESSION_IDLE_MS,
  ) {
    this.sessions = store.state<SessionDoc>('sessions');
    this.storeStamp = store.changeStamp ? store.changeStamp.bind(store) : null;
    this.known = this.storeStamp ? keptUnderStamp(this.storeStamp, MAX_KNOWN_SESSIONS) : null;
  }

  /**
   * The store's change stamp now (undefined where it has none). A request reads it once, at its start, before its
   * session: its session and its cached reads are then judged as of the same moment (loadSession, `req.readStamp`).
   */
  readStamp(): string | undefined {
    return this.storeStamp?.();
  }

  private idOf(token: string, connection: object | undefined): string {
    if (!connection) return hashToken(token);
    const last = this.hashedOn.get(connection);
    if (last?.token === token) return last.id;
    const id = hashToken(token);
    this.hashedOn.set(connection, { token, id });
    return id;
  }

  private async lookup(id: string, given: string | undefined): Promise<SessionDoc | null> {
    if (!this.known) return this.sessions.get(id);
    const stamp = this.known.stamp(given);
    const hit = this.known.get(id);
    if (hit) return hit;
    const session = await this.sessions.get(id);
    if (session) this.known.keep(id, session, stamp);
    return session;
  }

  /** A fresh random token at every sign-in, which is what rotating the session id means here. */
  async create(userId: string, device?: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    await this.sessions.put({
      id: hashToken(token),
      userId,
      createdAt: now.toISOString(),
      lastActiveAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
      ...(device === undefined ? {} : { device }),
    });
    return token;
  }

  /** The user's live sessions: the one that asked first (`current`), then the others, newest first. */
  async listFor(userId: string, currentToken: string | undefined): Promise<ActiveSession[]> {
    const current = currentToken ? hashToken(currentToken) : null;
    const now = this.now().toISOString();
    return (await this.sessions.find({ userId }))
      .filter((session) => session.expiresAt > now)
      .map((session) => ({
        id: publicIdOf(session.id),
        device: session.device ?? 'Unknown device',
        signedInAt: session.createdAt,
        current: session.id === current,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current) || b.signedInAt.localeCompare(a.signedInAt));
  }

  /** Signs one of the user's sessions out, named by its public id; false when the user has no such session. */
  async endByPublicId(userId: string, publicId: string): Promise<boolean> {
    const session = (await this.sessions.find({ userId })).find((each) => publicIdOf(each.id) === publicId);
    if (!session) return false;
    await this.end([session.id]);
    return true;
  }

  /**
   * `activity`: the request is the person's own, and keeps the session from going idle. `stamp`: the store's change
   * stamp read at the request's start (`readStamp`); `connection`: the request's socket, to hash its token once.
   */
  async userIdFor(token: string | undefined, options: SessionLookupOptions = { activity: false }): Promise<string | null> {
    return (await this.sessionFor(token, options))?.userId ?? null;
  }

  /**
   * The session's user and its id (the token's hash: it names the session without being a credential); null once
   * it passed its 14 days or went `idleMs` without the person's activity. Sockets ask without activity.
   */
  async sessionFor(token: string | undefined, options: SessionLookupOptions = { activity: false }): Promise<{ userId: string; sessionId: string } | null> {
    if (!token || token.length > 100) return null;
    const session = await this.lookup(this.idOf(token, options.connection), options.stamp);
    if (!session) return null;
    const now = this.now();
    const lastActive = new Date(session.lastActiveAt ?? session.createdAt).getTime();
    if (session.expiresAt <= now.toISOString() || lastActive + this.idleMs <= now.getTime()) {
      await this.end([session.id]);
      return null;
    }
    if (options.activity && now.getTime() - lastActive >= ACTIVITY_GRANULARITY_MS) {
      await this.sessions.put({ ...session, lastActiveAt: now.toISOString() });
    }
    return { userId: session.userId, sessionId: session.id };
  }

  async destroy(token: string | undefined): Promise<void> {
    if (token && token.length <= 100) await this.end([hashToken(token)]);
  }

  /** Signs a user out everywhere but the session that asked (after a password change), or everywhere. */
  async destroyOthers(userId: string, keepToken: string | undefined): Promise<void> {
    const keep = keepToken ? hashToken(keepToken) : null;
    await this.end((await this.sessions.find({ userId })).map((session) => session.id).filter((id) => id !== keep));
  }

  onEnded(listener: (sessionIds: string[]) => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  private async end(sessionIds: string[]): Promise<void> {
    for (const id of sessionIds) await this.sessions.delete(id);
    if (sessionIds.length > 0) for (const listener of this.endedListeners) listener(sessionIds);
  }
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
