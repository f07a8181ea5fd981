import type { Projection } from '../../definitions/projection.ts';
import type { Doc } from '../../store/read-store.ts';

/** A toy projection for runner tests: how many `Counted` events each stream has had. */
export interface StreamCount extends Doc {
  count: number;
  ownerId: string;
  tags: string[];
  lastRevision: number;
}

export const STREAM_COUNTS = 'streamCounts';

/** `collection`: a name of its own (and the collection of that name), to run beside the default one. */
export function streamCountsProjection(options: Partial<Projection> & { weight?: number; collection?: string } = {}): Projection {
  const { weight = 1, collection = STREAM_COUNTS, ...overrides } = options;
  return {
    name: collection,
    version: 1,
    collections: [collection],
    handles: ['Counted', 'Tagged', 'StreamDeleted'],
    async apply(event, context) {
      const data = event.data as { ownerId?: string; tag?: string };
      const existing = await context.get<StreamCount>(collection, event.streamId);
      if (event.type === 'StreamDeleted') {
        context.delete(collection, event.streamId);
      } else {
        const doc: StreamCount = existing ?? { id: event.streamId, count: 0, ownerId: data.ownerId ?? 'nobody', tags: [], lastRevision: -1 };
        if (event.type === 'Counted') doc.count += weight;
        if (event.type === 'Tagged' && data.tag && !doc.tags.includes(data.tag)) doc.tags = [...doc.tags, data.tag];
        doc.lastRevision = event.revision;
        context.put(collection, doc);
      }
      context.announce({
        message: { entity: 'student', id: event.streamId, revision: event.revision, actorId: event.actor.userId },
        audience: [existing?.ownerId ?? data.ownerId ?? 'nobody'],
      });
    },
    ...overrides,
  };
}
