import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import { studentRoom, userRoom } from '@accommodate/projections/realtime/change-publisher';
import { PRESENCE_MODES, type Presence, type PresenceMode } from '@accommodate/shared-events/schemas/share';
import { reconnectWithin500ms } from '@accommodate/shared-events/config/redis-reconnect';
import { connectionErrorReporter, summariseError } from '@accommodate/shared-events/logging/error-summary';
import { createLogger, type Logger } from '@accommodate/shared-events/logging/logger';
import { isOwnOrigin, type OriginSettings } from '../http/own-origin.ts';

export type SocketTransport = 'websocket' | 'polling';

export interface SocketServerOptions {
  /**
   * Resolves the session cookie to a user and the session's id; null when signed out or the session expired. Asked
   * at the handshake and again at each student:watch, so a socket whose session ended cannot join a room.
   */
  authenticate(cookieHeader: string | undefined): Promise<{ userId: string; sessionId: string } | null>;
  /** REDIS_URL: when set, nodes share rooms through @socket.io/redis-adapter. */
  redisUrl?: string | undefined;
  /** Pub/sub channel prefix; the redis-emitter publisher must use the same. Defaults to 'socket.io'. */
  redisKey?: string | undefined;
  /** Whether this user may see this student; without it every student:watch is refused. */
  canViewStudent?(userId: string, studentId: string): Promise<boolean>;
  /** The name shown in presence; looked up when a socket starts watching. */
  userName?(userId: string): Promise<string>;
  /** How long a disconnected watcher is still shown, so a reload does not flicker. Defaults to 1.5 s. */
  presenceGraceMs?: number | undefined;
  /**
   * Defaults to websocket with a polling fallback. With several API nodes, long-polling
   * needs sticky sessions (each HTTP poll must reach the node holding the session);
   * without them, pass ['websocket'].
   */
  transports?: SocketTransport[] | undefined;
  /** APP_URL and whether a proxy is trusted: a browser's handshake from another origin is refused. */
  origins?: OriginSettings | undefined;
  /** Socket.IO's URL path; the UI client uses the default. */
  path?: string | undefined;
  /** Where failures are logged (class and code only). */
  logger?: Logger | undefined;
}

export type WatchAck = { ok: true } | { ok: false; message: string };

const watchSchema = z.object({ studentId: z.string().min(1).max(200), mode: z.enum(PRESENCE_MODES).default('viewing') });
const unwatchSchema = z.object({ studentId: z.string().min(1).max(200) });

export const PRESENCE_EVENT = 'presence';
const DEFAULT_PRESENCE_GRACE_MS = 1_500;

/**
 * What a socket carries after the handshake. Plain data, because with the Redis
 * adapter fetchSockets() ships it between nodes to compute presence.
 */
interface SocketData {
  userId: string;
  sessionId: string;
  name?: string;
  /** studentId → mode, for the student rooms this socket has joined. */
  watching?: Record<string, PresenceMode>;
}

type PresenceUser = Presence['users'][number];

/** Per Socket.IO server: presence broadcasting and re-checking a room's watchers. */
interface PresenceTracker {
  broadcast(studentId: string): Promise<void>;
  revalidate(studentId: string): Promise<void>;
}
const trackers = new WeakMap<Server, PresenceTracker>();

const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * Closes the sockets of sessions that ended (sign-out, password change elsewhere, account deleted), on every node:
 * a signed-out browser must not go on hearing pokes and presence.
 */
export function disconnectSessions(io: Server, sessionIds: string[]): void {
  if (sessionIds.length > 0) io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
}

/**
 * After someone lost access to a student (share revoked or expired, student deleted):
 * this node's sockets in the student's room whose user may no longer view it leave
 * the room, and the room hears the new presence. Each API node does this for its own
 * sockets (see share-access-reactor.ts).
 */
export async function revalidateStudentWatchers(io: Server, studentId: string): Promise<void> {
  await trackers.get(io)?.revalidate(studentId);
}

/**
 * After someone lost a role that reached many students at once (a district admin removed): the student rooms this
 * node's sockets of theirs are in are re-checked, as after a revoked share.
 */
export async function revalidateUserWatchers(io: Server, userId: string): Promise<void> {
  const watched = new Set<string>();
  for (const socket of await io.local.in(userRoom(userId)).fetchSockets()) {
    for (const studentId of Object.keys((socket.data as SocketData).watching ?? {})) watched.add(studentId);
  }
  for (const studentId of watched) await revalidateStudentWatchers(io, studentId);
}

function presenceTracker(io: Server, options: SocketServerOptions): PresenceTracker {
  /** Watchers that disconnected less than the grace period ago, on this node: studentId → socketId → user. */
  const lingering = new Map<string, Map<string, PresenceUser & { until: number }>>();

  const usersIn = async (studentId: string): Promise<PresenceUser[]> => {
    const users = new Map<string, PresenceUser>();
    for (const socket of await io.in(studentRoom(studentId)).fetchSockets()) {
      const data = socket.data as SocketData;
      const mode = data.watching?.[studentId] ?? 'viewing';
      const known = users.get(data.userId);
      users.set(data.userId, { userId: data.userId, name: data.name ?? 'Someone', mode: known?.mode === 'editing' ? 'editing' : mode });
    }
    const now = Date.now();
    for (const [socketId, user] of lingering.get(studentId) ?? []) {
      if (user.until <= now) lingering.get(studentId)?.delete(socketId);
      else if (!users.has(user.userId)) users.set(user.userId, { userId: user.userId, name: user.name, mode: user.mode });
    }
    return [...users.values()].sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
  };

  const tracker: PresenceTracker = {
    async broadcast(studentId) {
      const presence: Presence = { studentId, users: await usersIn(studentId) };
      io.to(studentRoom(studentId)).emit(PRESENCE_EVENT, presence);
    },
    async revalidate(studentId) {
      for (const socket of await io.local.in(studentRoom(studentId)).fetchSockets()) {
        const { userId } = socket.data as SocketData;
        const allowed = await (options.canViewStudent?.(userId, studentId) ?? Promise.resolve(false)).catch(() => false);
        if (allowed) continue;
        socket.leave(studentRoom(studentId));
        // Local sockets are the live objects: forget the room, so a later disconnect does not linger there.
        const watching = (socket.data as SocketData).watching;
        if (watching) delete watching[studentId];
      }
      const gone = lingering.get(studentId);
      for (const [socketId, user] of gone ?? []) {
        if (!(await (options.canViewStudent?.(user.userId, studentId) ?? Promise.resolve(false)).catch(() => false))) gone?.delete(socketId);
      }
      await tracker.broadcast(studentId);
    },
  };

  const graceMs = options.presenceGraceMs ?? DEFAULT_PRESENCE_GRACE_MS;
  io.on('connection', (socket: Socket) => {
    socket.on('disconnect', () => {
      const data = socket.data as SocketData;
      for (const [studentId, mode] of Object.entries(data.watching ?? {})) {
        let room = lingering.get(studentId);
        if (!room) lingering.set(studentId, (room = new Map<string, PresenceUser & { until: number }>()));
        room.set(socket.id, { userId: data.userId, name: data.name ?? 'Someone', mode, until: Date.now() + graceMs });
        // Reported gone only after the grace period, unless they came back meanwhile.
        setTimeout(() => {
          room.delete(socket.id);
          if (room.size === 0 && lingering.get(studentId) === room) lingering.delete(studentId);
          void tracker.broadcast(studentId).catch(() => undefined);
        }, graceMs).unref?.();
      }
    });
  });
  return tracker;
}

/**
 * Socket.IO on the API's HTTP server. A socket is accepted only with a valid
 * session, joins only its own user room, and joins a student room only after
 * `canViewStudent` says yes. Messages are pokes ({entity, id, ...}), never data.
 */
export async function attachSocketServer(httpServer: HttpServer, options: SocketServerOptions): Promise<Server> {
  const io = new Server(httpServer, {
    transports: options.transports ?? ['polling', 'websocket'],
    serveClient: false,
    // Cross-site WebSocket hijacking: CORS does not guard a WebSocket, so a page elsewhere could open one with the
    // teacher's cookie wherever the browser sends it. Browsers always send Origin on a WebSocket and a cross-origin
    // poll; a client without one is no other site's page.
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      callback(null, origin === undefined || isOwnOrigin(origin, req, options.origins ?? { behindProxy: false }));
    },
    ...(options.path === undefined ? {} : { path: options.path }),
  });

  const logger = options.logger ?? createLogger('realtime');
  if (options.redisUrl) await useRedisAdapter(io, httpServer, options.redisUrl, options.redisKey, logger);
  const presence = presenceTracker(io, options);
  trackers.set(io, presence);
  const announcePresence = (studentId: string) =>
    presence.broadcast(studentId).catch((error: unknown) => {
      logger.error('presence failed', { error: summariseError(error) });
    });

  io.use((socket, next) => {
    options.authenticate(socket.request.headers.cookie).then(
      (user) => {
        if (!user) return next(new Error('Unauthorized'));
        (socket.data as SocketData).userId = user.userId;
        (socket.data as SocketData).sessionId = user.sessionId;
        next();
      },
      (error: unknown) => {
        // The session store failed; the client only learns it was not let in.
        logger.error('session check failed', { error: summariseError(error) });
        next(new Error('Unauthorized'));
      },
    );
  });

  io.on('connection', (socket) => {
    const { userId, sessionId } = socket.data as SocketData;
    void socket.join([userRoom(userId), sessionRoom(sessionId)]);

    socket.on('student:watch', async (payload: unknown, ack?: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (answer: WatchAck) => void) : () => undefined;
      const parsed = watchSchema.safeParse(payload);
      if (!parsed.success) return reply({ ok: false, message: 'Invalid request' });
      const { studentId, mode } = parsed.data;
      let allowed = false;
      try {
        // The session may have ended since the handshake (on another node, or by expiring): such a socket is closed.
        if ((await options.authenticate(socket.request.headers.cookie))?.sessionId !== sessionId) {
          reply({ ok: false, message: 'Not found' });
          socket.disconnect(true);
          return;
        }
        allowed = (await options.canViewStudent?.(userId, studentId)) ?? false;
      } catch (error) {
        logger.error('access check failed', { error: summariseError(error) });
      }
      if (!allowed || socket.disconnected) return reply({ ok: false, message: 'Not found' });
      const data = socket.data as SocketData;
      if (data.name === undefined) data.name = (await options.userName?.(userId).catch(() => undefined)) ?? 'Someone';
      data.watching = { ...data.watching, [studentId]: mode };
      await socket.join(studentRoom(studentId));
      reply({ ok: true });
      await announcePresence(studentId);
    });

    socket.on('student:unwatch', async (payload: unknown, ack?: unknown) => {
      const parsed = unwatchSchema.safeParse(payload);
      if (parsed.success) {
        const data = socket.data as SocketData;
        const { [parsed.data.studentId]: _left, ...watching } = data.watching ?? {};
        data.watching = watching;
        await socket.leave(studentRoom(parsed.data.studentId));
      }
      if (typeof ack === 'function') (ack as (answer: WatchAck) => void)(parsed.success ? { ok: true } : { ok: false, message: 'Invalid request' });
      if (parsed.success) await announcePresence(parsed.data.studentId);
    });
  });

  return io;
}

/**
 * Two connections, as Redis requires: a subscribed client can do nothing but listen.
 * ioredis and the adapter load only here, so the one-process mode does not carry them.
 */
async function useRedisAdapter(io: Server, httpServer: HttpServer, redisUrl: string, key: string | undefined, logger: Logger): Promise<void> {
  const [{ Redis }, { createAdapter }] = await Promise.all([import('ioredis'), import('@socket.io/redis-adapter')]);
  const pubClient = new Redis(redisUrl, { retryStrategy: reconnectWithin500ms });
  const subClient = pubClient.duplicate();
  const { report, reset } = connectionErrorReporter(logger, 'adapter Redis error');
  pubClient.on('error', report);
  subClient.on('error', report);
  pubClient.on('ready', reset);
  // The adapter publishes without awaiting; after ioredis gives up on a command during an
  // outage, that rejection would be unhandled and end the process. Pokes are at most once.
  const publish = pubClient.publish.bind<(channel: string, message: string | Buffer) => Promise<number>>(pubClient);
  const safePublish = (channel: string, message: string | Buffer): Promise<number> =>
    publish(channel, message).catch((error: unknown) => {
      if (error instanceof Error) report(error);
      return 0;
    });
  pubClient.publish = safePublish;
  io.adapter(createAdapter(pubClient, subClient, key === undefined ? {} : { key }));
  // io.close() closes the HTTP server too; release Redis when that happens.
  httpServer.once('close', () => {
    for (const client of [pubClient, subClient]) client.quit().catch(() => client.disconnect());
  });
}
