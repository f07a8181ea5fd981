import { describe, expect, it } from 'vitest';
import { CHROMIUM, DEJAVU_FONTS, prepareTestRun, SetupError, type SetupMachine, type SetupSettings } from './test-setup.ts';

interface Stub {
  root?: boolean;
  apt?: boolean;
  files?: string[];
  commands?: string[];
  redisUp?: boolean;
  postgresUp?: boolean;
  /** Whether a started server answers afterwards. */
  startedServersAnswer?: boolean;
}

/** A machine whose probes answer as told and whose commands are only written down. */
function stubMachine(stub: Stub) {
  const ran: string[] = [];
  let redisUp = stub.redisUp ?? true;
  let postgresUp = stub.postgresUp ?? true;
  const machine: SetupMachine = {
    isRoot: stub.root ?? true,
    hasApt: stub.apt ?? true,
    exists: (path) => (stub.files ?? [CHROMIUM, DEJAVU_FONTS]).includes(path),
    hasCommand: (name) => (stub.commands ?? ['redis-server', 'pg_ctlcluster', 'createdb']).includes(name),
    redisAnswers: async () => redisUp,
    postgresAnswers: async () => postgresUp,
    run: async (command, args) => {
      ran.push([command, ...args].join(' '));
      if (stub.startedServersAnswer === false) return;
      if (command === 'redis-server') redisUp = true;
      if (command === 'pg_ctlcluster') postgresUp = true;
    },
    postgresVersions: () => ['15'],
    wait: async () => undefined,
    log: () => undefined,
  };
  return { machine, ran };
}

const settings: SetupSettings = { redisUrl: undefined, postgres: { host: '127.0.0.1', port: 5432, user: 'postgres' }, runId: 'r1' };

describe('npm test set-up', () => {
  it('on a machine with everything running, only makes the run its database and drops it afterwards', async () => {
    const { machine, ran } = stubMachine({});
    const run = await prepareTestRun(machine, settings);
    expect(ran).toEqual(['createdb -h 127.0.0.1 -p 5432 -U postgres accommodate_test_r1']);
    expect(run.env).toEqual({ TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/accommodate_test_r1' });
    await run.cleanUp();
    expect(ran.at(-1)).toBe('dropdb -h 127.0.0.1 -p 5432 -U postgres --if-exists --force accommodate_test_r1');
  });

  it('installs Chromium and the fonts from Debian when they are missing and it runs as root', async () => {
    const { machine, ran } = stubMachine({ files: [] });
    await prepareTestRun(machine, settings);
    expect(ran.slice(0, 2)).toEqual(['apt-get update -qq', 'apt-get install -y -qq chromium fonts-dejavu-core']);
  });

  it('starts the Redis and PostgreSQL that are installed but not running, without installing anything', async () => {
    const { machine, ran } = stubMachine({ redisUp: false, postgresUp: false });
    await prepareTestRun(machine, settings);
    expect(ran.filter((line) => line.startsWith('apt-get'))).toEqual([]);
    expect(ran).toContain('redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save  --appendonly no');
    expect(ran).toContain('pg_ctlcluster --skip-systemctl-redirect 15 main start');
  });

  it('installs redis-server and PostgreSQL when neither answers nor is installed, then starts them', async () => {
    const { machine, ran } = stubMachine({ redisUp: false, postgresUp: false, commands: [] });
    await prepareTestRun(machine, settings);
    expect(ran[1]).toBe('apt-get install -y -qq redis-server postgresql');
    expect(ran.some((line) => line.startsWith('redis-server'))).toBe(true);
    expect(ran.some((line) => line.startsWith('pg_ctlcluster'))).toBe(true);
  });

  it('stops at once with the one command to run when it is not root, and runs nothing', async () => {
    const { machine, ran } = stubMachine({ root: false, files: [DEJAVU_FONTS] });
    await expect(prepareTestRun(machine, settings)).rejects.toThrow(new SetupError('The tests need chromium. Run: sudo apt-get install -y chromium'));
    expect(ran).toEqual([]);
  });

  it('names what is missing when the machine has no apt', async () => {
    const { machine } = stubMachine({ apt: false, files: [CHROMIUM] });
    await expect(prepareTestRun(machine, settings)).rejects.toThrow(/need fonts-dejavu-core, and this machine has no apt-get/);
  });

  it('does not start a Redis of its own in place of one that REDIS_URL names on another host', async () => {
    const { machine, ran } = stubMachine({ redisUp: false });
    await expect(prepareTestRun(machine, { ...settings, redisUrl: 'redis://cache.internal:6379' })).rejects.toThrow(/Nothing answers at REDIS_URL \(cache\.internal:6379\)/);
    expect(ran).toEqual([]);
  });

  it('fails clearly when a started server never answers', async () => {
    const { machine } = stubMachine({ redisUp: false, startedServersAnswer: false });
    await expect(prepareTestRun(machine, settings)).rejects.toThrow(/redis-server was started but does not answer/);
  });
});
