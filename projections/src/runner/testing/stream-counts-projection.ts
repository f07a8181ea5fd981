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

export function streamCountsProjection(options: Partial<Projection> & { weight?: number } = {}): Projection {
  const { weight = 1, ...overrides } = options;
  return {
    name: 'streamCounts',
    version: 1,
    collections: [STREAM_COUNTS],
    handles: ['Counted', 'Tagged', 'StreamDeleted'],
    async apply(event, context) {
      const data = event.data as { ownerId?: string; tag?: string };
      const existing = await context.get<StreamCount>(STREAM_COUNTS, event.streamId);
      if (event.type === 'StreamDeleted') {
        context.delete(STREAM_COUNTS, event.streamId);
      } else {
        const doc: StreamCount = existing ?? { id: event.streamId, count: 0, ownerId: data.ownerId ?? 'nobody', tags: [], lastRevision: -1 };
        if (event.type === 'Counted') doc.count += weight;
        if (event.type === 'Tagged' && data.tag && !doc.tags.includes(data.tag)) doc.tags = [...doc.tags, data.tag];
        doc.lastRevision = event.revision;
        context.put(STREAM_COUNTS, doc);
      }
      context.announce({
        message: { entity: 'student', id: event.streamId, revision: event.revision, actorId: event.actor.userId },
        audience: [existing?.ownerId ?? data.ownerId ?? 'nobody'],
      });
    },
    ...overrides,
  };
}
