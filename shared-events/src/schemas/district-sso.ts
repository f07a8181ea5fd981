import { z } from 'zod';

// Single sign-on with OpenID Connect: a district's staff sign in with the account their district already
// gives them. One issuer per district, the e-mail domains it covers, and whether password sign-in is refused for them.

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * https, or http on a loopback address only (how tests and trials run a provider on the same machine). The server
 * checks more once the name is resolved: no private or local address, and loopback only where the app itself runs on
 * loopback.
 */
export function issuerAllowed(issuer: string): boolean {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}

export const ISSUER_REFUSED = 'Please enter the provider’s https address (http only on 127.0.0.1 or localhost)';
export const DOMAIN_INVALID = 'Please enter e-mail domains such as district.org';
export const CLIENT_SECRET_REQUIRED = 'Client secret is required';
export const DOMAIN_TAKEN = 'A domain verified by one district cannot be claimed by another';
export const ISSUER_NOT_PUBLIC = 'Please enter your provider’s public address: this one leads to a private or local network';

const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
/** An e-mail domain as a form or a path gives it: lower case, without spaces. */
export const emailDomainSchema = z.string().trim().toLowerCase().regex(DOMAIN_PATTERN, DOMAIN_INVALID);
const emailDomain = emailDomainSchema;

/** PUT /api/districts/:id/sso. An absent or empty secret keeps the one stored (it is never shown again). */
export const districtSsoFormSchema = z.object({
  issuer: z
    .string({ required_error: 'Issuer is required' })
    .trim()
    .min(1, 'Issuer is required')
    .max(500)
    .refine(issuerAllowed, ISSUER_REFUSED)
    .transform((issuer) => issuer.replace(/\/+$/, '')),
  clientId: z.string({ required_error: 'Client ID is required' }).trim().min(1, 'Client ID is required').max(500),
  clientSecret: z
    .string()
    .max(1000)
    .optional()
    .transform((secret) => (secret === undefined || secret.trim() === '' ? undefined : secret.trim())),
  emailDomains: z
    .array(emailDomain, { required_error: DOMAIN_INVALID })
    .min(1, DOMAIN_INVALID)
    .max(50)
    .transform((domains) => [...new Set(domains)]),
  required: z.boolean().default(false),
});
export type DistrictSsoForm = z.input<typeof districtSsoFormSchema>;

/**
 * Proving a domain (as Google Workspace and Slack do): the district publishes this TXT record at the domain itself,
 * and until a check finds it there the domain covers nothing.
 */
export const TXT_RECORD_PREFIX = 'accommodate-domain-verification=';
export const txtRecordFor = (token: string): string => `${TXT_RECORD_PREFIX}${token}`;
export const RECORD_NOT_FOUND = 'The verification record was not found in the domain’s DNS. Publish the TXT record shown, then verify again: a new record can take up to an hour to be seen.';
export const DNS_UNAVAILABLE = 'The domain’s DNS could not be asked just now. Please try again in a few minutes.';
export const DOMAIN_CHECKS_LIMITED = 'Too many checks of the domain’s record. Please wait a few minutes and try again.';

export const SSO_DOMAIN_STATUSES = ['unverified', 'verified', 'suspended'] as const;
export type SsoDomainStatus = (typeof SSO_DOMAIN_STATUSES)[number];
/** A listed domain: whether it covers its addresses now, and the record that proves it. */
export const ssoDomainSchema = z.object({
  domain: z.string(),
  verified: z.boolean(),
  status: z.enum(SSO_DOMAIN_STATUSES),
  txtRecord: z.string(),
});
export type SsoDomain = z.infer<typeof ssoDomainSchema>;

/** POST /api/districts/:id/sso/domains/:domain/verify: 200 when the record was found. */
export const ssoDomainVerifiedSchema = z.object({ verified: z.literal(true) });
/** Its 409 when it was not: the TXT values the domain has (another district's code masked), none when it has none. */
export const ssoDomainNotProvedSchema = z.object({ message: z.string(), found: z.array(z.string()).optional() });

/** GET /api/districts/:id/sso: the configuration without its secret; null fields before any is saved. */
export const districtSsoSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  emailDomains: z.array(z.string()),
  domains: z.array(ssoDomainSchema),
  required: z.boolean(),
});
export type DistrictSso = z.infer<typeof districtSsoSchema>;

/** GET /api/auth/sso/discover?email= and /start?email=: the address typed on the sign-in page. */
export const ssoEmailQuerySchema = z.object({ email: z.string().trim().toLowerCase().email('Please enter a valid email address').max(254) });
/** The same shape for every address: whether its domain signs in with its district's provider. */
export const ssoDiscoverySchema = z.object({ sso: z.boolean() });

/** The domain part of an address, lower case. */
export const emailDomainOf = (email: string): string => email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase();

/** Presets that fill in the issuer; `{tenant}` is the Entra tenant's id, written in by the admin. */
export const SSO_PRESETS = [
  { id: 'google', label: 'Google Workspace', issuer: 'https://accounts.google.com' },
  { id: 'entra', label: 'Microsoft Entra ID', issuer: 'https://login.microsoftonline.com/{tenant}/v2.0' },
  { id: 'clever', label: 'Clever', issuer: 'https://clever.com' },
  { id: 'classlink', label: 'ClassLink', issuer: 'https://launchpad.classlink.com' },
] as const;

/** Messages the sign-in page shows after a failed single sign-on (`/login?sso=<code>`): none names the cause's data. */
export const SSO_ERRORS = {
  'not-covered': 'This e-mail address does not sign in with a district account. Please sign in with your password.',
  expired: 'Your single sign-on took too long or was started in another browser. Please try again.',
  failed: 'Your district’s sign-in service did not confirm your account. Please try again, or ask your district IT.',
  unverified: 'Your district’s sign-in service did not confirm this e-mail address. Please ask your district IT.',
  unavailable: 'Your district’s sign-in service could not be reached. Please try again in a few minutes.',
} as const;
export type SsoErrorCode = keyof typeof SSO_ERRORS;
export const ssoErrorCodeSchema = z.enum(Object.keys(SSO_ERRORS) as [SsoErrorCode, ...SsoErrorCode[]]);

/** The answer to a password sign-in for an address of a district that requires single sign-on. */
export const SSO_REQUIRED = 'Your district signs you in with your district account. Please use “Continue” with your school e-mail.';
