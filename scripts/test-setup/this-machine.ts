import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SetupMachine } from './test-setup.ts';

/** The machine the run is on, as the set-up sees it. */
export function thisMachine(): SetupMachine {
  const hasCommand = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
  return {
    isRoot: process.getuid?.() === 0,
    hasApt: hasCommand('apt-get'),
    exists: existsSync,
    hasCommand,
    redisAnswers,
    postgresAnswers: (host, port) => answersOnPort(host, port),
    run,
    postgresVersions: () => (existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql').sort().reverse() : []),
    wait: (ms) => sleep(ms),
    log: (line) => console.log(`[test set-up] ${line}`),
  };
}

function run(command: string, args: readonly string[], env?: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`))));
  });
}

/** A bare RESP PING over a socket: the set-up runs before anything could load a Redis client. */
function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port, password, username } = new URL(url);
  const auth = password ? `AUTH ${username ? `${decodeURIComponent(username)} ` : ''}${decodeURIComponent(password)}\r\n` : '';
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379), timeout: 1000 });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    let received = '';
    socket.once('connect', () => socket.write(`${auth}PING\r\n`));
    socket.on('data', (chunk) => {
      received += chunk.toString();
      if (received.includes('+PONG')) done(true);
      else if (received.includes('-')) done(false);
    });
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

function answersOnPort(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1000 });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}
