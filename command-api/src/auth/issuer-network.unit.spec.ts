import { describe, expect, it } from 'vitest';
import { loadRuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { addressAllowed } from './issuer-network.ts';

describe('the addresses a single sign-on provider may have', () => {
  it.each([
    ['8.8.8.8', true],
    ['93.184.216.34', true],
    ['2606:4700:4700::1111', true],
    ['10.0.0.1', false],
    ['172.16.5.4', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['255.255.255.255', false],
    ['224.0.0.1', false],
    ['fd00::1', false],
    ['fc00::1', false],
    ['fe80::1', false],
    ['::', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:169.254.169.254', false],
    ['not an address', false],
  ])('%s: %s', (address, allowed) => {
    expect(addressAllowed(address, false)).toBe(allowed);
    expect(addressAllowed(address, true)).toBe(allowed);
  });

  it('takes the loopback only where it is allowed', () => {
    for (const loopback of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) {
      expect(addressAllowed(loopback, false)).toBe(false);
      expect(addressAllowed(loopback, true)).toBe(true);
    }
  });

  it('allows the loopback where the app itself runs on it, or where the operator says so', () => {
    expect(loadRuntimeConfig({}).ssoLoopbackIssuers).toBe(true);
    expect(loadRuntimeConfig({ APP_URL: 'http://127.0.0.1:3000' }).ssoLoopbackIssuers).toBe(true);
    expect(loadRuntimeConfig({ APP_URL: 'https://accommodate.lakeside.org' }).ssoLoopbackIssuers).toBe(false);
    expect(loadRuntimeConfig({ APP_URL: 'https://localhost.lakeside.org' }).ssoLoopbackIssuers).toBe(false);
    expect(loadRuntimeConfig({ APP_URL: 'https://accommodate.lakeside.org', SSO_ALLOW_LOOPBACK_ISSUER: 'true' }).ssoLoopbackIssuers).toBe(true);
  });

  it('reads DNS_SERVERS as addresses with an optional port', () => {
    expect(loadRuntimeConfig({ DNS_SERVERS: '10.0.0.53:53, [fd00::53]:5353,fd00::54,10.0.0.54' }).dnsServers).toEqual(['10.0.0.53:53', '[fd00::53]:5353', 'fd00::54', '10.0.0.54']);
    expect(loadRuntimeConfig({}).dnsServers).toBeUndefined();
    // node:dns asks servers by address: a name would be refused at start, so the config refuses it first.
    for (const wrong of ['dns.lakeside.org', '10.0.0.53:port', '10.0.0.300']) expect(() => loadRuntimeConfig({ DNS_SERVERS: wrong })).toThrow();
  });
});
