import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { loadOperationsConfig } from './operations-config.ts';

/** An address as node:dns takes it: `10.0.0.53`, `10.0.0.53:5353`, `fd00::53` or `[fd00::53]:5353`. */
const isDnsServer = (entry: string): boolean => {
  const bracketed = /^\[(.+)\](?::\d{1,5})?$/.exec(entry);
  const withPort = /^([^:]+):\d{1,5}$/.exec(entry);
  return isIP(bracketed?.[1] ?? withPort?.[1] ?? entry) !== 0;
};

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/**
 * Read once at each entry point and passed down; nothing deeper reads process.env.
 * Each URL switches one part to its real engine; absent, that part is embedded.
 */
export const runtimeConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  /**
   * PostgreSQL for the event log, the read models, uploaded documents and the subject keys (`postgres://…`); with
   * REDIS_URL, the scale-out topology. It replaces EventStoreDB and MongoDB as a whole, so it is refused beside them.
   */
  DATABASE_URL: optionalUrl.pipe(z.string().regex(/^postgres(?:ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL').optional()),
  EVENTSTORE_URL: optionalUrl,
  MONGODB_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  /** Prefix for every Redis key this deployment writes (BullMQ queues, the Socket.IO adapter). */
  REDIS_PREFIX: z.string().default('accommodate'),
  /**
   * Express `trust proxy`: set when behind a TLS-terminating proxy, so cookies get Secure and rate limits see client IPs.
   * A number of hops ("1": one proxy in front) must reach Express as a number: as a string Express reads it as an
   * address list, and "1" is the address 0.0.0.1, so no proxy was trusted at all.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((value): boolean | number | string | undefined => {
      if (value === undefined || value === '' || value === 'false') return undefined;
      if (value === 'true') return true;
      if (/^\d+$/.test(value)) return Number(value);
      return value; // addresses, subnets or names such as 'loopback', comma-separated
    }),
  /**
   * The app's public origin, as people open it (`https://accommodate.district.org`): the links the API mails (verify an
   * address, reset a password) start with it. Unset, `http://localhost:<PORT>`.
   */
  APP_URL: optionalUrl.pipe(
    z.string().regex(/^https?:\/\/[^\s/?#]+\/?$/i, 'APP_URL must be an origin such as https://accommodate.example.org').optional(),
  ),
  /**
   * Minutes without a request from the person (not background refreshes) after which a session ends, for shared
   * classroom computers; the 14-day maximum holds as well.
   */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  /**
   * Registrations one address may make in 10 minutes. A school's training day registers its teachers from one
   * address within minutes; a district registering several schools behind one NAT raises it.
   */
  REGISTRATIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
  /**
   * Who may create a district: `open`, anyone signed in (a school trying the product on its own machine);
   * `closed`, only the operator, with `npm run district:create`, the way a District sale is provisioned.
   */
  DISTRICT_SIGNUP: z.enum(['open', 'closed']).default('open'),
  /**
   * The DNS servers (`host:port`, comma-separated) that look up the TXT records proving a district's e-mail domains and
   * the addresses of single sign-on providers: for split-horizon DNS, and for tests that serve records of their own.
   * Unset, the system's resolver.
   */
  DNS_SERVERS: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value.split(',').map((server) => server.trim()).filter(Boolean) : undefined))
    .pipe(z.array(z.string().refine(isDnsServer, 'DNS_SERVERS must be IP addresses with an optional port (10.0.0.53:53, [fd00::53]:53), comma-separated')).min(1).optional()),
  /**
   * Let a district's single sign-on provider be an http:// address on this machine's loopback. Allowed anyway when the
   * app itself runs on loopback (APP_URL on localhost or 127.0.0.1: a trial, a test); elsewhere such an issuer would
   * let anyone who configures single sign-on make the server call its own local services.
   */
  SSO_ALLOW_LOOPBACK_ISSUER: z.enum(['true', 'false']).default('false'),
  /** Serve the built UI from this folder (the all-in-one and API processes). */
  UI_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /**
   * `all`: one process runs the API, the projections and the workers. `api`: the API alone, for the scale-out
   * topology, where the projections and the workers run as services of their own.
   */
  ROLE: z.enum(['all', 'api']).default('all'),
});

export type RuntimeConfig = ReturnType<typeof loadRuntimeConfig>;

const LOOPBACK_APP_HOSTS = new Set(['localhost', '127.0.0.1']);

const oneStorageChoice = (config: z.infer<typeof runtimeConfigSchema>): boolean =>
  config.DATABASE_URL === undefined || (config.EVENTSTORE_URL === undefined && config.MONGODB_URL === undefined);

export function loadRuntimeConfig(env: Record<string, string | undefined>) {
  const parsed = runtimeConfigSchema
    .refine(oneStorageChoice, { message: 'DATABASE_URL cannot be combined with EVENTSTORE_URL or MONGODB_URL: choose PostgreSQL or EventStoreDB with MongoDB', path: ['DATABASE_URL'] })
    .parse(env);
  const appUrl = (parsed.APP_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, '');
  const dataDir = path.resolve(parsed.DATA_DIR);
  return {
    port: parsed.PORT,
    dataDir,
    databaseUrl: parsed.DATABASE_URL,
    eventStoreUrl: parsed.EVENTSTORE_URL,
    mongodbUrl: parsed.MONGODB_URL,
    redisUrl: parsed.REDIS_URL,
    smtpUrl: parsed.SMTP_URL,
    redisPrefix: parsed.REDIS_PREFIX,
    /** The Socket.IO adapter's and emitter's shared pub/sub key. */
    socketRedisKey: `${parsed.REDIS_PREFIX}:socket.io`,
    trustProxy: parsed.TRUST_PROXY,
    /** Without a trailing slash, so a link is `${appUrl}/verify-email#token=…`. */
    appUrl,
    sessionIdleMs: parsed.SESSION_IDLE_MINUTES * 60 * 1000,
    registrationsPerAddress: parsed.REGISTRATIONS_PER_ADDRESS,
    districtSignup: parsed.DISTRICT_SIGNUP,
    uiDist: parsed.UI_DIST,
    /** Unset: the system's resolver. */
    dnsServers: parsed.DNS_SERVERS,
    /** Whether an issuer may be an http:// address on the loopback (see SSO_ALLOW_LOOPBACK_ISSUER). */
    ssoLoopbackIssuers: parsed.SSO_ALLOW_LOOPBACK_ISSUER === 'true' || LOOPBACK_APP_HOSTS.has(new URL(appUrl).hostname),
    logLevel: parsed.LOG_LEVEL,
    /** Whether this process runs the projections and the workers beside the API (ROLE). */
    runsProjections: parsed.ROLE === 'all',
    /** Backups, the erasure ledger, metrics (operations-config.ts). */
    operations: loadOperationsConfig(env, dataDir),
  };
}
