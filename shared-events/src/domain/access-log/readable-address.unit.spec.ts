import { describe, expect, it } from 'vitest';
import { readableAddress } from './readable-address.ts';

describe('readableAddress: the access log shows an IPv4 client as IPv4', () => {
  it('drops the IPv6 wrapping of an IPv4 address', () => {
    expect(readableAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(readableAddress('::FFFF:10.0.0.7')).toBe('10.0.0.7');
  });
  it('keeps real IPv6 and IPv4 addresses, and no address, as they are', () => {
    expect(readableAddress('2001:db8::1')).toBe('2001:db8::1');
    expect(readableAddress('::ffff:a00:1')).toBe('::ffff:a00:1');
    expect(readableAddress('192.0.2.5')).toBe('192.0.2.5');
    expect(readableAddress(null)).toBeNull();
  });
});
