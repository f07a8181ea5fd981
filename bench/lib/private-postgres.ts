import { execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { spawnOn, stop, type TestHost } from './netns-hosts.ts';

const BIN = '/usr/lib/postgresql/15/bin';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A PostgreSQL cluster of the test's own (initdb into a temporary folder, owned by the postgres user, as the server
 * refuses to run as root), listening on the host's address and trusting the test's network (`network`, a CIDR): the
 * machine's shared server is not reconfigured.
 */
export async function startPrivatePostgres(host: TestHost, dir: string, network: string): Promise<{ url: string; stop(): Promise<void> }> {
  const data = path.join(dir, 'data');
  mkdirSync(data, { recursive: true });
  chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()), Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()));
  chownSync(data, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()), Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()));
  execFileSync('runuser', ['-u', 'postgres', '--', `${BIN}/initdb`, '-D', data, '-A', 'trust', '-U', 'postgres', '--no-instructions'], { stdio: 'ignore' });
  // The test's own hosts, on its own bridge, and no one else.
  appendFileSync(path.join(data, 'pg_hba.conf'), `host all all ${network} trust\n`);
  const server = spawnOn(host, 'runuser', [
    '-u', 'postgres', '--', `${BIN}/postgres`, '-D', data,
    '-c', `listen_addresses=${host.address}`, '-c', 'port=5432', '-c', `unix_socket_directories=${dir}`,
    '-c', 'max_connections=200', '-c', 'shared_buffers=128MB',
  ]);
  const url = `postgres://postgres@${host.address}:5432/postgres`;
  for (let tries = 0; ; tries++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('CREATE DATABASE accommodate');
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (tries > 100) throw new Error(`private PostgreSQL did not start: ${server.output()}`, { cause: error });
      await sleep(100);
    }
  }
  return { url: `postgres://postgres@${host.address}:5432/accommodate`, stop: () => stop(server) };
}
