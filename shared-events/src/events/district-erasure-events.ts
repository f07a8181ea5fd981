import { z } from 'zod';
import { defineEvent, type EventOf } from './define-event.ts';

// Erasing a district (leaving the product) runs as a job. Its stream is `districtErasure-<districtId>`: a
// district is erased once, so a second request while a run is unfinished finds the same job and resumes it. Ids and
// counts only: the students' ids a batch is about to erase are written first, so a run cut short (a crash between a
// StudentDeleted and its key's destruction) finishes those students on the next run.

export const DistrictErasureRequested = defineEvent('DistrictErasureRequested', 1, z.object({ districtId: z.string(), requestedBy: z.string() }));
export const DistrictErasureProgressed = defineEvent(
  'DistrictErasureProgressed',
  1,
  z.object({ districtId: z.string(), done: z.number().int().min(0), total: z.number().int().min(0), erasing: z.array(z.string()) }),
);
export const DistrictErasureFinished = defineEvent(
  'DistrictErasureFinished',
  1,
  z.object({ districtId: z.string(), outcome: z.enum(['done', 'failed']), studentsErased: z.number().int().min(0), message: z.string().nullable() }),
);

export const DISTRICT_ERASURE_EVENTS = [DistrictErasureRequested, DistrictErasureProgressed, DistrictErasureFinished] as const;
export type DistrictErasureEvent = EventOf<(typeof DISTRICT_ERASURE_EVENTS)[number]>;
