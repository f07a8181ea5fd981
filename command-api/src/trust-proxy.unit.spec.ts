import { describe, expect, it } from 'vitest';
import express from 'express';
import { loadRuntimeConfig } from '@accommodate/shared-events/config/runtime-config';

// What Express then trusts: the address of the proxy in front (10.0.0.5), one hop away from the app.
function trustsProxyInFront(trustProxy: ReturnType<typeof loadRuntimeConfig>['trustProxy']): boolean {
  const app = express();
  if (trustProxy !== undefined) app.set('trust proxy', trustProxy);
  const trust = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  return trust('10.0.0.5', 0);
}

describe('TRUST_PROXY', () => {
  it('reads a number of hops as a number, so that "1" trusts the one proxy in front', () => {
    const { trustProxy } = loadRuntimeConfig({ TRUST_PROXY: '1' });
    expect(trustProxy).toBe(1);
    expect(trustsProxyInFront(trustProxy)).toBe(true);
  });

  it('passes addresses and subnets through as Express reads them', () => {
    expect(trustsProxyInFront(loadRuntimeConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy)).toBe(true);
    expect(trustsProxyInFront(loadRuntimeConfig({ TRUST_PROXY: 'loopback' }).trustProxy)).toBe(false);
  });

  it('trusts nothing when unset, empty or "false"', () => {
    for (const value of [undefined, '', 'false']) {
      const { trustProxy } = loadRuntimeConfig({ TRUST_PROXY: value });
      expect(trustProxy).toBeUndefined();
      expect(trustsProxyInFront(trustProxy)).toBe(false);
    }
  });
});
