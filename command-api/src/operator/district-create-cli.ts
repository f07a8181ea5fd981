import { parseArgs } from 'node:util';
import { loadRuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { openEventStore } from '@accommodate/shared-events/event-store/open-event-store';
import { openReadStore } from '@accommodate/projections/store/open-read-store';
import { provisionDistrict, provisionSchema } from './provision-district.ts';

/**
 * `npm run district:create -- --name "Lakeside USD" --admin someone@district.org`. Runs beside the server:
 * the embedded stores take a second process. Prints no address: an operator's console is kept like a log.
 */
const { values } = parseArgs({ options: { name: { type: 'string' }, admin: { type: 'string' } } });
const input = provisionSchema.safeParse({ name: values.name, admin: values.admin });
if (!input.success) {
  for (const issue of input.error.issues) console.error(`--${issue.path.join('.')}: ${issue.message}`);
  console.error('Usage: npm run district:create -- --name "Lakeside USD" --admin someone@district.org');
  process.exit(2);
}
const config = loadRuntimeConfig(process.env);
const eventStore = await openEventStore(config);
const readStore = await openReadStore(config);
try {
  const { districtId, adminActive } = await provisionDistrict({ eventStore, readStore }, input.data);
  // The invitation is mailed by the server's workers, which follow the log: at once beside a running server, else at its next start.
  console.log(`District created: ${districtId}. Its admin ${adminActive ? 'can open it now' : 'gets it once they verify their e-mail address'}; an invitation with the link is e-mailed to them.`);
} finally {
  await readStore.close();
  await eventStore.close();
}
