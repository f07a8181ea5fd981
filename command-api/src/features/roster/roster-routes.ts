import { randomUUID } from 'node:crypto';
import { Router, type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { IllegalStateError, NotFoundError, ValidationError } from '@accommodate/shared-events/domain/errors';
import { ROSTER_IMPORTS_PER_HOUR, ROSTER_UPLOAD_MAX_BYTES, ROSTER_UPLOAD_TOO_LARGE, TOO_MANY_ROSTER_IMPORTS, type RosterImport } from '@accommodate/shared-events/schemas/roster';
import { readRosterImport, ROSTER_IMPORT_JOB, rosterImportJobId, rosterUploadId } from '@accommodate/workers/roster/roster-import-job';
import { holdDistrictRoster, readDistrictRoster, releaseDistrictRoster } from '@accommodate/workers/roster/roster-hold';
import type { AppContext } from '../../framework/command-context.ts';
import { appendFact } from '../../framework/handle-command.ts';
import { HttpError, TooManyRequestsError } from '../../http/errors.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadDistrictFor } from '../../shared/organisation-access.ts';
import { organisationQueries } from '@accommodate/projections/queries/organisation-queries';
import { schoolChoicesSchema, type SchoolChoices } from '@accommodate/shared-events/domain/roster/roster-school-match';

/** The zip stays in memory only until it is stored for the job (the documents' blob store), then the job reads it. */
const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: ROSTER_UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 } }).single('file');

function receiveZip(req: Request, res: Response, next: NextFunction): void {
  upload(req, res, (error: unknown) => {
    if (!error) return next();
    if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') return next(new HttpError(413, ROSTER_UPLOAD_TOO_LARGE));
    if (error instanceof multer.MulterError) return next(new HttpError(400, 'Upload one zip, in the form field named "file"'));
    next(new HttpError(400, 'The upload could not be read. Please choose the file again.'));
  });
}

const optionsSchema = z.object({ dryRun: z.enum(['true', 'false']).optional() });

const NOT_JSON = 'School choices must be a JSON object of org sourcedId to school id or "new"';
/** The form's `schoolChoices` field: the JSON of the admin's choice of school per org (schoolChoicesSchema). */
const choicesFieldSchema = z.object({
  schoolChoices: z
    .string()
    .optional()
    .transform((text, ctx): unknown => {
      if (text === undefined || text.trim() === '') return {};
      try {
        return JSON.parse(text);
      } catch {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: NOT_JSON });
        return z.NEVER;
      }
    })
    .pipe(schoolChoicesSchema),
});

/** A choice names one of the district's own schools, or a new one. */
async function checkedChoices(context: AppContext, districtId: string, body: unknown): Promise<SchoolChoices> {
  const { schoolChoices } = choicesFieldSchema.parse(body);
  const schools = new Set((await organisationQueries(context.readStore).schoolsOfDistrict(districtId)).map((school) => school.id));
  if (Object.values(schoolChoices).some((choice) => choice !== 'new' && !schools.has(choice))) {
    throw ValidationError.onField('schoolChoices', 'Each choice must be one of this district’s schools, or a new school');
  }
  return schoolChoices;
}

/**
 * OneRoster imports: a district's admins upload the SIS's zip; the import runs as a job (the workers follow
 * RosterImportRequested from the log), and its stream says how far it is. Anyone else learns nothing: 404.
 */
export function rosterRoutes(context: AppContext): Router {
  const router = Router();

  const uploads = context.limits.rate('roster-imports:district', { points: ROSTER_IMPORTS_PER_HOUR, durationSec: 3600 });

  router.post('/api/districts/:id/roster-imports', async (req, res) => {
    const userId = requireUser(req);
    // Judged before the upload is read: a stranger's 200 MB is refused without being received.
    const district = await loadDistrictFor(context, userId, idParam(req));
    const { dryRun } = optionsSchema.parse(req.query);
    const wait = await uploads.take(district.id);
    if (wait !== null) throw new TooManyRequestsError(TOO_MANY_ROSTER_IMPORTS, wait);
    await new Promise<void>((resolve, reject) => receiveZip(req, res, (error?: unknown) => (error ? reject(error instanceof Error ? error : new Error('upload')) : resolve())));
    const file = req.file;
    if (!file || file.size === 0) throw ValidationError.onField('file', 'Choose the OneRoster zip to import');
    const schoolChoices = await checkedChoices(context, district.id, req.body);
    const importId = randomUUID();
    const uploadId = rosterUploadId(importId);
    const actor = { userId };
    await context.blobs.put(uploadId, file.buffer);
    if (dryRun !== 'true') {
      try {
        await holdDistrictRoster(context.eventStore, { districtId: district.id, importId, actor });
      } catch (error) {
        await context.blobs.delete(uploadId);
        if (error instanceof IllegalStateError) await resumeHeldImport(context, district.id, actor);
        throw error;
      }
    }
    await appendFact(context, streamName('rosterImport', importId), {
      type: 'RosterImportRequested',
      data: { importId, districtId: district.id, dryRun: dryRun === 'true', requestedBy: userId, uploadId, ...(Object.keys(schoolChoices).length > 0 && { schoolChoices }) },
    }, { actor });
    res.status(202).json({ id: importId });
  });

  router.get('/api/roster-imports/:id', async (req, res) => {
    const userId = requireUser(req);
    const importId = idParam(req);
    const state = await readRosterImport(context.eventStore, importId);
    if (!state) throw new NotFoundError('Import');
    await loadDistrictFor(context, userId, state.districtId);
    const { districtId, dryRun, status, progress, summary, errors, warnings, errorCount, warningCount, schoolMatches, requestedAt } = state;
    const answer: RosterImport = { id: importId, districtId, dryRun, status, progress, summary, errors, warnings, errorCount, warningCount, schoolMatches, requestedAt };
    res.json(answer);
  });

  return router;
}

/**
 * Asked again while an import holds the district's roster: the import is enqueued once more, which the queue ignores
 * while it runs, and which resumes one a crash (kill -9) stopped, with the same salt, into the same records. A hold
 * whose import never reached the log (the request stopped in between) is given up.
 */
async function resumeHeldImport(context: AppContext, districtId: string, actor: { userId: string }): Promise<void> {
  const { running } = await readDistrictRoster(context.eventStore, districtId);
  if (running === null) return;
  if (!(await readRosterImport(context.eventStore, running))) return releaseDistrictRoster(context.eventStore, { districtId, importId: running, actor });
  try {
    await context.jobs.enqueue(ROSTER_IMPORT_JOB, { importId: running }, { jobId: rosterImportJobId(running) });
  } catch (error) {
    context.logger.warn('roster import not resumed', { error: error instanceof Error ? error.name : 'unknown' });
  }
}
