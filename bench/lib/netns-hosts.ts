import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';

/** One test host: a network namespace of its own with one address on the test's bridge. */
export interface TestHost {
  name: string;
  namespace: string;
  address: string;
}

const ip = (...args: string[]): string => execFileSync('ip', args, { encoding: 'utf8' });

/** A /24 in 10.213.0.0/16 that no interface of this machine already uses. */
function freeSubnet(): string {
  const used = ip('-4', '-o', 'addr');
  for (;;) {
    const third = randomInt(1, 254);
    if (!used.includes(`10.213.${third}.`)) return `10.213.${third}`;
  }
}

/**
 * Hosts made with `ip netns`, each joined by a veth pair to a bridge in this (the test's) namespace, which holds the
 * subnet's first address: the test reaches every host, and every host reaches the others, over the bridge only.
 * Everything made here is removed by `teardown`, also after a failure.
 */
export function makeHosts(names: readonly string[]) {
  const id = `${process.pid % 10_000}${randomInt(10, 99)}`;
  const subnet = freeSubnet();
  const bridge = `acchb${id}`.slice(0, 15);
  const hosts: Record<string, TestHost> = {};
  const made: string[] = [];
  const teardown = (): void => {
    for (const namespace of made) {
      try {
        ip('netns', 'del', namespace);
      } catch {
        // Already gone.
      }
    }
    try {
      ip('link', 'del', bridge);
    } catch {
      // Already gone.
    }
  };
  try {
    ip('link', 'add', bridge, 'type', 'bridge');
    ip('addr', 'add', `${subnet}.1/24`, 'dev', bridge);
    ip('link', 'set', bridge, 'up');
    names.forEach((name, i) => {
      const namespace = `acc-${id}-${name}`;
      const outside = `acv${id}${i}`.slice(0, 15);
      const address = `${subnet}.${10 + i}`;
      ip('netns', 'add', namespace);
      made.push(namespace);
      ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', `${outside}p`.slice(0, 15));
      ip('link', 'set', `${outside}p`.slice(0, 15), 'netns', namespace);
      ip('link', 'set', outside, 'master', bridge);
      ip('link', 'set', outside, 'up');
      ip('-n', namespace, 'link', 'set', `${outside}p`.slice(0, 15), 'name', 'eth0');
      ip('-n', namespace, 'addr', 'add', `${address}/24`, 'dev', 'eth0');
      ip('-n', namespace, 'link', 'set', 'eth0', 'up');
      ip('-n', namespace, 'link', 'set', 'lo', 'up');
      hosts[name] = { name, namespace, address };
    });
  } catch (error) {
    teardown();
    throw error;
  }
  return { hosts, gateway: `${subnet}.1`, teardown };
}

/** A process on a host: `ip netns exec` enters the namespace and then runs the command itself (same pid). */
export function spawnOn(host: TestHost, command: string, args: readonly string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): ChildProcess & { output(): string } {
  const child = spawn('ip', ['netns', 'exec', host.namespace, command, ...args], {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-6_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return Object.assign(child, { output: () => output });
}

/** Sends `signal` to a process and everything it started (its group); resolves at its exit. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid!, signal);
  } catch {
    child.kill(signal);
  }
  return exited;
}

/** SIGKILL to a process and everything it started, then its exit. */
export const kill9 = (child: ChildProcess): Promise<void> => signalGroup(child, 'SIGKILL');

/** SIGTERM, then SIGKILL after `graceMs`. */
export async function stop(child: ChildProcess, graceMs = 10_000): Promise<void> {
  const timer = setTimeout(() => void kill9(child), graceMs);
  await signalGroup(child, 'SIGTERM');
  clearTimeout(timer);
}
