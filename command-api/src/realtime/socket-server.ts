import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { z } from 'zod';
import { studentRoom, userRoom } from '@accommodate/projections/realtime/change-publisher';

export type SocketTransport = 'websocket' | 'polling';

export interface SocketServerOptions {
  /** Resolves the session cookie to a user; null when signed out or the session expired. */
  authenticate(cookieHeader: string | undefined): Promise<{ userId: string } | null>;
  /** REDIS_URL: when set, nodes share rooms through @socket.io/redis-adapter. */
  redisUrl?: string | undefined;
  /** Pub/sub channel prefix; the redis-emitter publisher must use the same. Defaults to 'socket.io'. */
  redisKey?: string | undefined;
  /** Whether this user may see this student; without it every student:watch is refused. */
  canViewStudent?(userId: string, studentId: string): Promise<boolean>;
  /**
   * Defaults to websocket with a polling fallback. With several API nodes, long-polling
   * needs sticky sessions (each HTTP poll must reach the node holding the session);
   * without them, pass ['websocket'].
   */
  transports?: SocketTransport[] | undefined;
  /** Socket.IO's URL path; the UI client uses the default. */
  path?: string | undefined;
}

export type WatchAck = { ok: true } | { ok: false; message: string };

const watchSchema = z.object({ studentId: z.string().min(1).max(200) });

/** What a socket carries after the handshake. */
interface SocketData {
  userId: string;
}

/**
 * Socket.IO on the API's HTTP server. A socket is accepted only with a valid
 * session, joins only its own user room, and joins a student room only after
 * `canViewStudent` says yes. Messages are pokes ({entity, id, ...}), never data.
 */
export function attachSocketServer(httpServer: HttpServer, options: SocketServerOptions): Server {
  const io = new Server(httpServer, {
    transports: options.transports ?? ['polling', 'websocket'],
    serveClient: false,
    ...(options.path === undefined ? {} : { path: options.path }),
  });

  if (options.redisUrl) useRedisAdapter(io, httpServer, options.redisUrl, options.redisKey);

  io.use((socket, next) => {
    options.authenticate(socket.request.headers.cookie).then(
      (user) => {
        if (!user) return next(new Error('Unauthorized'));
        (socket.data as SocketData).userId = user.userId;
        next();
      },
      (error: unknown) => {
        // The session store failed; the client only learns it was not let in.
        console.error(`[realtime] session check failed: ${error instanceof Error ? error.name : 'unknown error'}`);
        next(new Error('Unauthorized'));
      },
    );
  });

  io.on('connection', (socket) => {
    const { userId } = socket.data as SocketData;
    void socket.join(userRoom(userId));

    socket.on('student:watch', async (payload: unknown, ack?: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (answer: WatchAck) => void) : () => undefined;
      const parsed = watchSchema.safeParse(payload);
      if (!parsed.success) return reply({ ok: false, message: 'Invalid request' });
      const { studentId } = parsed.data;
      let allowed = false;
      try {
        allowed = (await options.canViewStudent?.(userId, studentId)) ?? false;
      } catch (error) {
        console.error(`[realtime] access check failed: ${error instanceof Error ? error.name : 'unknown error'}`);
      }
      if (!allowed || socket.disconnected) return reply({ ok: false, message: 'Not found' });
      await socket.join(studentRoom(studentId));
      reply({ ok: true });
    });

    socket.on('student:unwatch', async (payload: unknown, ack?: unknown) => {
      const parsed = watchSchema.safeParse(payload);
      if (parsed.success) await socket.leave(studentRoom(parsed.data.studentId));
      if (typeof ack === 'function') (ack as (answer: WatchAck) => void)(parsed.success ? { ok: true } : { ok: false, message: 'Invalid request' });
    });
  });

  return io;
}

/** Two connections, as Redis requires: a subscribed client can do nothing but listen. */
function useRedisAdapter(io: Server, httpServer: HttpServer, redisUrl: string, key: string | undefined): void {
  const pubClient = new Redis(redisUrl);
  const subClient = pubClient.duplicate();
  let lastError = '';
  const report = (error: Error): void => {
    const summary = `${error.name}${typeof (error as Error & { code?: unknown }).code === 'string' ? ` (${(error as Error & { code: string }).code})` : ''}`;
    if (summary === lastError) return;
    lastError = summary;
    console.error(`[realtime] adapter Redis error: ${summary}`);
  };
  pubClient.on('error', report);
  subClient.on('error', report);
  pubClient.on('ready', () => void (lastError = ''));
  // The adapter publishes without awaiting; after ioredis gives up on a command during an
  // outage, that rejection would be unhandled and end the process. Pokes are at most once.
  const publish = pubClient.publish.bind(pubClient) as (channel: string, message: string | Buffer) => Promise<number>;
  const safePublish = (channel: string, message: string | Buffer): Promise<number> =>
    publish(channel, message).catch((error: unknown) => {
      if (error instanceof Error) report(error);
      return 0;
    });
  pubClient.publish = safePublish as typeof pubClient.publish;
  io.adapter(createAdapter(pubClient, subClient, key === undefined ? {} : { key }));
  // io.close() closes the HTTP server too; release Redis when that happens.
  httpServer.once('close', () => {
    for (const client of [pubClient, subClient]) client.quit().catch(() => client.disconnect());
  });
}
