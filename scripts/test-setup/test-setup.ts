/**
 * What `npm test` needs from the machine, made ready before any test starts: Debian's Chromium and the DejaVu fonts
 * for the browser tests and the PDFs, a Redis for the distributed-mode tests, and a PostgreSQL with a database of this
 * run's own. What is missing is installed or started where the machine lets us (root, with apt); where it does not,
 * the run stops at once with the one command that would fix it, rather than failing halfway through with a browser's
 * stack trace.
 *
 * The steps talk to the machine only through `SetupMachine`, so a spec can stub every probe and command.
 */

export interface SetupMachine {
  readonly isRoot: boolean;
  readonly hasApt: boolean;
  exists(path: string): boolean;
  hasCommand(name: string): boolean;
  /** Whether something answers PING at this Redis URL. */
  redisAnswers(url: string): Promise<boolean>;
  /** Whether a PostgreSQL server accepts connections at this host and port. */
  postgresAnswers(host: string, port: number): Promise<boolean>;
  /** Runs a command to its end; rejects when it exits with anything but 0. */
  run(command: string, args: readonly string[], env?: Record<string, string>): Promise<void>;
  /** The folder names under /etc/postgresql: the clusters' versions, for pg_ctlcluster. */
  postgresVersions(): string[];
  wait(ms: number): Promise<void>;
  log(line: string): void;
}

export interface SetupSettings {
  redisUrl: string | undefined;
  /** Where the run's database is made: host, port and user of a server that trusts this machine. */
  postgres: { host: string; port: number; user: string };
  runId: string;
}

export interface PreparedRun {
  /** What the test processes get on top of this process's environment. */
  env: Record<string, string>;
  /** Drops what the run made (its database); safe to call once the tests have ended. */
  cleanUp(): Promise<void>;
}

/** A step that cannot be done here; the message says the one command that would do it. */
export class SetupError extends Error {}

export const CHROMIUM = '/usr/bin/chromium';
export const DEJAVU_FONTS = '/usr/share/fonts/truetype/dejavu';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';

export async function prepareTestRun(machine: SetupMachine, settings: SetupSettings): Promise<PreparedRun> {
  const redisUrl = settings.redisUrl ?? LOCAL_REDIS;
  const redisUp = await machine.redisAnswers(redisUrl);
  const postgresUp = await machine.postgresAnswers(settings.postgres.host, settings.postgres.port);

  await installMissingPackages(machine, missingPackages(machine, { redisUp, postgresUp }));
  if (!redisUp) await startRedis(machine, redisUrl, settings.redisUrl !== undefined);
  if (!postgresUp) await startPostgres(machine, settings.postgres);
  return createRunDatabase(machine, settings);
}

function missingPackages(machine: SetupMachine, running: { redisUp: boolean; postgresUp: boolean }): string[] {
  const missing: string[] = [];
  if (!machine.exists(CHROMIUM)) missing.push('chromium');
  // The accommodations PDF embeds DejaVu Sans so that names such as 'Nguyễn' print correctly.
  if (!machine.exists(DEJAVU_FONTS)) missing.push('fonts-dejavu-core');
  if (!running.redisUp && !machine.hasCommand('redis-server')) missing.push('redis-server');
  if (!running.postgresUp && !machine.hasCommand('pg_ctlcluster')) missing.push('postgresql');
  // The run's database is made and dropped with PostgreSQL's own client programs.
  else if (!machine.hasCommand('createdb')) missing.push('postgresql-client');
  return missing;
}

async function installMissingPackages(machine: SetupMachine, packages: string[]): Promise<void> {
  if (packages.length === 0) return;
  const command = `apt-get install -y ${packages.join(' ')}`;
  if (!machine.hasApt) throw new SetupError(`The tests need ${packages.join(', ')}, and this machine has no apt-get: install them, then run npm test again.`);
  if (!machine.isRoot) throw new SetupError(`The tests need ${packages.join(', ')}. Run: sudo ${command}`);
  machine.log(`Installing ${packages.join(' ')} from Debian`);
  const quiet = { DEBIAN_FRONTEND: 'noninteractive' };
  await machine.run('apt-get', ['update', '-qq'], quiet);
  await machine.run('apt-get', ['install', '-y', '-qq', ...packages], quiet);
}

async function startRedis(machine: SetupMachine, url: string, chosen: boolean): Promise<void> {
  const { hostname, port } = new URL(url);
  // A Redis someone named elsewhere is theirs to start; only the machine's own is ours.
  if (chosen && !['127.0.0.1', 'localhost'].includes(hostname)) {
    throw new SetupError(`Nothing answers at REDIS_URL (${hostname}:${port || '6379'}): start that Redis, or unset REDIS_URL to use one on this machine.`);
  }
  machine.log(`Starting redis-server on 127.0.0.1:${port || '6379'}`);
  await machine.run('redis-server', ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', port || '6379', '--save', '', '--appendonly', 'no']);
  await waitUntil(machine, () => machine.redisAnswers(url), `redis-server was started but does not answer at 127.0.0.1:${port || '6379'}.`);
}

async function startPostgres(machine: SetupMachine, server: SetupSettings['postgres']): Promise<void> {
  if (!['127.0.0.1', 'localhost'].includes(server.host)) {
    throw new SetupError(`Nothing answers at PostgreSQL ${server.host}:${server.port}: start that server, or unset PGHOST to use one on this machine.`);
  }
  const [version] = machine.postgresVersions();
  if (version === undefined) throw new SetupError('PostgreSQL is installed but has no cluster. Run: pg_createcluster --start 15 main');
  machine.log(`Starting PostgreSQL ${version}`);
  await machine.run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start']);
  await waitUntil(machine, () => machine.postgresAnswers(server.host, server.port), `PostgreSQL ${version} was started but does not accept connections at ${server.host}:${server.port}.`);
}

async function createRunDatabase(machine: SetupMachine, settings: SetupSettings): Promise<PreparedRun> {
  const { host, port, user } = settings.postgres;
  const name = `accommodate_test_${settings.runId}`;
  const target = ['-h', host, '-p', String(port), '-U', user];
  try {
    await machine.run('createdb', [...target, name]);
  } catch {
    throw new SetupError(`PostgreSQL at ${host}:${port} would not create the run's database as ${user}. The tests expect trust authentication for that user on this machine (PGUSER names another).`);
  }
  return {
    env: { TEST_DATABASE_URL: `postgres://${user}@${host}:${port}/${name}` },
    cleanUp: () => machine.run('dropdb', [...target, '--if-exists', '--force', name]),
  };
}

async function waitUntil(machine: SetupMachine, answers: () => Promise<boolean>, failure: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    if (await answers()) return;
    await machine.wait(100);
  }
  throw new SetupError(failure);
}
