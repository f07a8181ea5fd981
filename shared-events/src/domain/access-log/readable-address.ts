/**
 * An address as a person reads it: Node reports an IPv4 client on a dual-stack socket as IPv6 ('::ffff:127.0.0.1'),
 * which reads as an internal detail in an access log; the IPv4 form is the same address.
 */
export const readableAddress = (ip: string | null): string | null => (ip?.toLowerCase().startsWith('::ffff:') && ip.includes('.') ? ip.slice('::ffff:'.length) : ip);
