// E2E_PORT lets a second run (CI from a clone, a benchmark) use its own port beside another.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** The DNS server sso.e2e.spec.ts runs (UDP, beside this run's port): the TXT records a district publishes. */
export const E2E_DNS_PORT = E2E_PORT + 10_000;
