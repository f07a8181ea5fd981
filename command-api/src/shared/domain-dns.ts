import { promises as dns, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import type { RuntimeConfig } from '@accommodate/shared-events/config/runtime-config';

/** The DNS could not be asked (a timeout, a server failure): nothing is known of the name, either way. */
export class DnsUnavailableError extends Error {
  override readonly name = 'DnsUnavailableError';
}

/** A name that does not exist, or has no record of the type asked: an answer, not a failure. */
const NO_SUCH_RECORD = new Set(['ENOTFOUND', 'ENODATA']);
const codeOf = (error: unknown): string => (error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : 'unknown');

async function orNone<T>(lookup: Promise<T[]>): Promise<T[]> {
  try {
    return await lookup;
  } catch (error) {
    if (NO_SUCH_RECORD.has(codeOf(error))) return [];
    throw new DnsUnavailableError(codeOf(error));
  }
}

export type DomainDns = ReturnType<typeof domainDns>;

/**
 * The look-ups single sign-on needs: the TXT records that prove a district owns a domain, and the addresses of a
 * provider's host. Both go to DNS_SERVERS when set (split-horizon DNS, or a test's own server), else to the system's
 * resolver. `localhost` is the loopback whatever any server says (RFC 6761).
 */
export function domainDns(config: Pick<RuntimeConfig, 'dnsServers'>) {
  const resolver = new dns.Resolver({ timeout: 3_000, tries: 2 });
  if (config.dnsServers) resolver.setServers(config.dnsServers);
  return {
    /** The TXT values at the name (a record's strings joined, as DNS splits long ones), none when it has none. */
    async txt(name: string): Promise<string[]> {
      return (await orNone(resolver.resolveTxt(name))).map((chunks) => chunks.join(''));
    },
    /** The addresses a host leads to: an address itself, or what its name resolves to (none when it does not exist). */
    async addresses(host: string): Promise<LookupAddress[]> {
      const bare = host.replace(/^\[(.*)\]$/, '$1');
      const family = isIP(bare);
      if (family !== 0) return [{ address: bare, family }];
      if (bare === 'localhost' || bare.endsWith('.localhost')) return [{ address: '127.0.0.1', family: 4 }, { address: '::1', family: 6 }];
      if (!config.dnsServers) return orNone(dns.lookup(bare, { all: true }));
      const [v4, v6] = await Promise.all([orNone(resolver.resolve4(bare)), orNone(resolver.resolve6(bare))]);
      return [...v4.map((address) => ({ address, family: 4 })), ...v6.map((address) => ({ address, family: 6 }))];
    },
  };
}
