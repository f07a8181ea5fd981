import type { LookupFunction, Socket } from 'node:net';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import type { CustomFetch } from 'openid-client';
import { ISSUER_NOT_PUBLIC } from '@accommodate/shared-events/schemas/district-sso';
import type { RuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { domainDns, type DomainDns } from '../shared/domain-dns.ts';

/**
 * Where the server may reach a district's single sign-on provider. The provider is named by a district admin, and
 * anyone may create a district, so its address must not lead the server into its own network: private (RFC 1918,
 * fc00::/7), link-local (169.254/16 with the cloud's metadata service, fe80::/10), unspecified, carrier-grade NAT,
 * reserved and multicast addresses are refused, and the loopback too unless the app itself runs there (a trial, a
 * test) or SSO_ALLOW_LOOPBACK_ISSUER says so. The check is made on the address each connection actually goes to, so
 * a name that resolved to a public address when the configuration was saved and to a private one later (DNS
 * rebinding) is refused as well.
 */
export interface IssuerNetwork {
  loopbackAllowed: boolean;
  addresses: DomainDns['addresses'];
}

export function issuerNetwork(config: Pick<RuntimeConfig, 'dnsServers' | 'ssoLoopbackIssuers'>): IssuerNetwork {
  const dns = domainDns(config);
  return { loopbackAllowed: config.ssoLoopbackIssuers, addresses: (host) => dns.addresses(host) };
}

/** A connection the rules refuse: the relying party's failure, logged by its name and code, never with the address. */
export class IssuerAddressRefusedError extends Error {
  override readonly name = 'IssuerAddressRefusedError';
  readonly code = 'ISSUER_ADDRESS_REFUSED';
}

/** Public unicast, or the loopback where it is allowed; IPv4 written as IPv6 (::ffff:10.0.0.1) is judged as IPv4. */
export function addressAllowed(address: string, loopbackAllowed: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  const range = ipaddr.process(address).range();
  return range === 'unicast' || (loopbackAllowed && range === 'loopback');
}

/**
 * Why a provider's address is refused when the configuration is saved, or null. A name that does not resolve now is
 * let through: the provider may not be published yet, and every connection is checked again when it is used.
 */
export async function issuerRefusal(issuer: string, network: IssuerNetwork): Promise<string | null> {
  const url = new URL(issuer);
  // The form takes http on a loopback address only; that is allowed only where the loopback is.
  if (url.protocol === 'http:' && !network.loopbackAllowed) return ISSUER_NOT_PUBLIC;
  let found;
  try {
    found = await network.addresses(url.hostname);
  } catch {
    return null;
  }
  return found.every(({ address }) => addressAllowed(address, network.loopbackAllowed)) ? null : ISSUER_NOT_PUBLIC;
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * The fetch of discovery, token, userinfo and JWKS requests: undici (Node's own fetch, as a library, for its connector
 * hook) with a lookup that hands the socket only allowed addresses, and a check of the address each socket reached.
 */
export function issuerFetch(network: IssuerNetwork): CustomFetch {
  const lookup: LookupFunction = (hostname, options, callback) => {
    network.addresses(hostname).then(
      (found) => {
        const usable = found.filter(({ address }) => addressAllowed(address, network.loopbackAllowed));
        const first = usable[0];
        if (!first) return callback(Object.assign(new IssuerAddressRefusedError(), { hostname }), '', 0);
        if (options.all) return callback(null, usable);
        callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), '', 0),
    );
  };
  const connect = buildConnector({ lookup, timeout: 10_000 });
  const allowedSocket = (socket: Socket) => addressAllowed(socket.remoteAddress ?? '', network.loopbackAllowed);
  const agent = new Agent({
    connect: (options, callback) => {
      // An address written in the URL is never looked up: judge it before connecting.
      const literal = options.hostname.replace(/^\[(.*)\]$/, '$1');
      if (isIP(literal) !== 0 && !addressAllowed(literal, network.loopbackAllowed)) return callback(new IssuerAddressRefusedError(), null);
      connect(options, (...result) => {
        const [error, socket] = result;
        if (error !== null) return callback(error, null);
        if (allowedSocket(socket)) return callback(null, socket);
        socket.destroy();
        callback(new IssuerAddressRefusedError(), null);
      });
    },
  });
  return async (url, { body, ...options }) => {
    // The library sends forms and JSON; a stream (never sent today) is read first, as undici's own type of stream.
    const sent = body instanceof ReadableStream ? await new Response(body).arrayBuffer() : body;
    const answer = await undiciFetch(url, { ...options, body: sent, dispatcher: agent });
    // The global Response the library expects. Discovery, keys, tokens and userinfo are small JSON documents.
    const content = NULL_BODY_STATUSES.has(answer.status) ? null : await answer.arrayBuffer();
    return new Response(content, { status: answer.status, statusText: answer.statusText, headers: [...answer.headers] });
  };
}
