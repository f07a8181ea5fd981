import { z } from 'zod';

// OneRoster imports: what GET /api/roster-imports/:id answers, and what the import's events carry.

const tallySchema = z.object({ created: z.number(), updated: z.number(), deactivated: z.number(), unchanged: z.number() });
export const rosterSummarySchema = z.object({
  schools: tallySchema,
  staff: tallySchema,
  students: tallySchema,
  classes: tallySchema,
  enrollments: tallySchema,
});
export type RosterImportSummary = z.infer<typeof rosterSummarySchema>;

/** An error (the import stopped before any write) or a warning (a row skipped on purpose), by file and line. */
export const rosterIssueSchema = z.object({ file: z.string(), line: z.number().nullable(), message: z.string() });
export type RosterImportIssue = z.infer<typeof rosterIssueSchema>;

/**
 * An org of the SIS the product had no school of, and the district's schools of its name (case and spacing aside):
 * 'matched' linked to the one free school of the name, 'chosen' or 'new' as the admin chose, 'needed' waiting for the
 * admin's choice (the import is refused until then), 'none' no school of the name (a new one is made).
 */
export const rosterSchoolMatchSchema = z.object({
  sourcedId: z.string(),
  name: z.string(),
  candidates: z.array(z.object({ schoolId: z.string(), name: z.string(), linked: z.boolean() })),
  schoolId: z.string().nullable(),
  choice: z.enum(['none', 'matched', 'chosen', 'new', 'needed']),
});
export type RosterSchoolMatch = z.infer<typeof rosterSchoolMatchSchema>;

export const ROSTER_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

export const rosterImportSchema = z.object({
  id: z.string(),
  districtId: z.string(),
  dryRun: z.boolean(),
  status: z.enum(ROSTER_IMPORT_STATUSES),
  progress: z.object({ done: z.number(), total: z.number() }),
  summary: rosterSummarySchema.nullable(),
  errors: z.array(rosterIssueSchema),
  warnings: z.array(rosterIssueSchema),
  /** How many errors and warnings there were in all: the lists hold the first hundred of each. */
  errorCount: z.number(),
  warningCount: z.number(),
  schoolMatches: z.array(rosterSchoolMatchSchema),
  requestedAt: z.string(),
});
export type RosterImport = z.infer<typeof rosterImportSchema>;

/** Which file each kind of record comes from, as the dry run reports it file by file. */
export const ROSTER_KIND_FILES: Readonly<Record<keyof RosterImportSummary, string>> = {
  schools: 'orgs.csv',
  staff: 'users.csv (staff)',
  students: 'users.csv (students)',
  classes: 'classes.csv',
  enrollments: 'enrollments.csv',
};

/** The upload's limits: the zip itself, and what it may unpack to (a zip bomb stops at either). */
export const ROSTER_UPLOAD_MAX_BYTES = 200 * 1024 * 1024;
export const ROSTER_UNPACKED_MAX_BYTES = 256 * 1024 * 1024;
export const ROSTER_UPLOAD_TOO_LARGE = 'The roster zip is larger than 200 MB. Export it without the files the import does not read (demographics, line items, results).';

/** Uploads a district may make in an hour, dry runs included: each is a zip of up to 200 MB read in full. */
export const ROSTER_IMPORTS_PER_HOUR = 10;
export const TOO_MANY_ROSTER_IMPORTS = `This district has uploaded ${ROSTER_IMPORTS_PER_HOUR} rosters in the last hour. Please wait before importing again.`;
