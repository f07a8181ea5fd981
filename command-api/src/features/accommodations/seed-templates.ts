import { ACCOMMODATION_TEMPLATES } from '@accommodate/shared-events/config/accommodation-templates';
import { SYSTEM_ACTOR } from '@accommodate/shared-events/events/envelope';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { accommodationDecider } from '@accommodate/shared-events/domain/accommodation/decide-accommodation';

/**
 * Publishes the pre-built templates as events once. Re-running decides nothing,
 * and a second process seeding at the same moment just loses the race harmlessly.
 */
export async function seedAccommodationTemplates(context: Pick<AppContext, 'eventStore' | 'progress'>): Promise<void> {
  for (const template of ACCOMMODATION_TEMPLATES) {
    // A process seeding at the same moment makes the append conflict; decided again, the template is there: a no-op.
    await handleCommand(
      context,
      accommodationDecider,
      streamName('accommodation', template.id),
      {
        type: 'AddAccommodation',
        accommodationId: template.id,
        ownerId: null,
        details: { name: template.name, category: template.category, description: template.description, appliesToTests: template.appliesToTests },
      },
      { actor: SYSTEM_ACTOR, awaitReadModels: false },
    );
  }
}
