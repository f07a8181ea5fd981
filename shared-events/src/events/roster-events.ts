import { z } from 'zod';
import { rosterIssueSchema, rosterSchoolMatchSchema, rosterSummarySchema } from '../schemas/roster.ts';
import { defineEvent, type EventOf } from './define-event.ts';

// OneRoster imports. An import lives in `rosterImport-<importId>`: asked for, its progress, its outcome.
// What the district's imports made is `roster-<districtId>`: the product ids of the records linked to the SIS (never
// a sourcedId: ids are derived from them with the district's salt), so a re-import updates in place and a bulk file
// that leaves someone out deactivates them. Only a school's org sourcedId appears, in the matching of orgs to schools
// made by hand: a school is nobody's personal data, and a dry run of a district never imported has no salt to derive with.

export const RosterImportRequested = defineEvent(
  'RosterImportRequested',
  1,
  z.object({
    importId: z.string(),
    districtId: z.string(),
    dryRun: z.boolean(),
    requestedBy: z.string(),
    uploadId: z.string(),
    /** The admin's choice of school per org sourcedId (an existing school's id, or 'new'), where a dry run asked. */
    schoolChoices: z.record(z.string()).optional(),
  }),
);
export const RosterImportProgressed = defineEvent('RosterImportProgressed', 1, z.object({ importId: z.string(), districtId: z.string(), done: z.number(), total: z.number() }));
export const RosterImportFinished = defineEvent(
  'RosterImportFinished',
  1,
  z.object({
    importId: z.string(),
    districtId: z.string(),
    outcome: z.enum(['done', 'failed']),
    summary: rosterSummarySchema.nullable(),
    errors: z.array(rosterIssueSchema),
    warnings: z.array(rosterIssueSchema),
    /** All there were: `errors` and `warnings` hold the first hundred. Absent from imports that kept every one. */
    errorCount: z.number().optional(),
    warningCount: z.number().optional(),
    /** The orgs matched by name to schools made by hand (absent before matching existed). */
    schoolMatches: z.array(rosterSchoolMatchSchema).optional(),
  }),
);

export const RosterSynced = defineEvent(
  'RosterSynced',
  1,
  z.object({
    districtId: z.string(),
    importId: z.string(),
    salt: z.string(),
    links: z.object({ schools: z.array(z.string()), classes: z.array(z.string()), students: z.array(z.string()), staff: z.array(z.string()) }),
    /** An org's own id → the school made by hand it is linked to (absent before matching existed: none). */
    schoolLinks: z.record(z.string()).optional(),
  }),
);

/**
 * A real import holds its district's roster from its request to its end: the salt is fixed here, before anything is
 * written, so that a re-run after a crash derives the same ids; and a second import is refused while one holds it.
 */
export const RosterImportAccepted = defineEvent('RosterImportAccepted', 1, z.object({ districtId: z.string(), importId: z.string(), salt: z.string() }));
/** The import that held the roster ended (done or failed): the next one may start. */
export const RosterImportReleased = defineEvent('RosterImportReleased', 1, z.object({ districtId: z.string(), importId: z.string() }));

export const ROSTER_IMPORT_EVENTS = [RosterImportRequested, RosterImportProgressed, RosterImportFinished] as const;
export type RosterImportEvent = EventOf<(typeof ROSTER_IMPORT_EVENTS)[number]>;
export const ROSTER_EVENTS = [RosterSynced, RosterImportAccepted, RosterImportReleased] as const;
export type RosterEvent = EventOf<(typeof ROSTER_EVENTS)[number]>;
