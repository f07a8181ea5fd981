import { parseArgs } from 'node:util';
import { DomainError, NotFoundError } from '@accommodate/shared-events/domain/errors';
import { loadRuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { openEventStore } from '@accommodate/shared-events/event-store/open-event-store';
import { vouchForDomain, vouchSchema } from './vouch-for-domain.ts';

/**
 * `npm run district:verify-domain -- --district ID --domain lakeside.org`: the operator vouches that the district owns
 * the domain, so its single sign-on covers it without a DNS record. Runs beside the server, as district:create does.
 */
const usage = 'Usage: npm run district:verify-domain -- --district ID --domain lakeside.org';
const { values } = parseArgs({ options: { district: { type: 'string' }, domain: { type: 'string' } } });
const input = vouchSchema.safeParse({ district: values.district, domain: values.domain });
if (!input.success) {
  for (const issue of input.error.issues) console.error(`--${issue.path.join('.')}: ${issue.message}`);
  console.error(usage);
  process.exit(2);
}
const config = loadRuntimeConfig(process.env);
const eventStore = await openEventStore({ eventStoreUrl: config.eventStoreUrl, dataDir: config.dataDir, mongodbUrl: config.mongodbUrl });
try {
  await vouchForDomain({ eventStore }, input.data);
  console.log(`Verified: ${input.data.domain} is covered by the district's single sign-on (vouched for by the operator).`);
} catch (error) {
  if (!(error instanceof DomainError)) throw error;
  const hint = error instanceof NotFoundError ? ' The district must exist and list the domain in Settings, District, Single sign-on.' : '';
  console.error(`Not verified: ${error.message}.${hint}`);
  process.exitCode = 1;
} finally {
  await eventStore.close();
}
