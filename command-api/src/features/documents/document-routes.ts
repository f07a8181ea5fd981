import { createHash, randomUUID } from 'node:crypto';
import { Router, type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import { MAX_DOCUMENT_BYTES, type StudentDocument } from '@accommodate/shared-events/schemas/document';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { NotFoundError, ValidationError } from '@accommodate/shared-events/domain/errors';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import type { DocumentDoc } from '@accommodate/projections/queries/caseload-schema';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { HttpError } from '../../http/errors.ts';
import { expectedRevisionFrom, setEtag } from '../../http/concurrency.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadStudentFor } from '../../shared/student-access.ts';
import type { RecordAccess } from '../../shared/record-access.ts';
import { documentDecider } from '@accommodate/shared-events/domain/document/decide-document';
import { uploadsInFlight } from '../../shared/uploads-in-flight.ts';
import { documentAccessWhat } from '@accommodate/shared-events/domain/access-log/access-log';
import { cleanFileName, detectDocumentType } from './document-kind.ts';
import { attachmentDisposition } from '../../http/download-names.ts';
import { withoutBidiControls } from '@accommodate/shared-events/schemas/bidi-controls';

export const FILE_TOO_LARGE = 'The file is larger than 10 MB';
export const UNSUPPORTED_KIND = 'Only PDF, image and Word files can be uploaded';
const NO_FILE = 'Choose a file to upload';

/** A stored document as the API shows it; a name stored before bidi controls were dropped is shown without them. */
export function toStudentDocument(doc: DocumentDoc): StudentDocument {
  const { id, studentId, name, type, mimeType, size, createdAt } = doc;
  return { id, studentId, name: withoutBidiControls(name), type, mimeType, size, createdAt };
}

const newestFirst = (a: DocumentDoc, b: DocumentDoc) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id);

/** Bytes stay in memory (10 MB at most) so the type is judged on exactly what will be stored. */
const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 10, parts: 11 },
  defParamCharset: 'utf8',
}).single('file');

function receiveFile(req: Request, res: Response, next: NextFunction): void {
  upload(req, res, (error: unknown) => {
    if (!error) return next();
    if (error instanceof multer.MulterError) {
      if (error.code === 'LIMIT_FILE_SIZE') return next(new HttpError(413, FILE_TOO_LARGE));
      return next(new HttpError(400, 'Upload one file, in the form field named "file"'));
    }
    // Anything else the multipart parser throws (a missing boundary, a truncated or malformed
    // part) means the client sent a broken upload: a 400, never a 500.
    next(new HttpError(400, 'The upload could not be read. Please choose the file again.'));
  });
}

export function documentRoutes(context: AppContext, recordAccess: RecordAccess): Router {
  const router = Router();
  const { blobs } = context;
  const caseload = caseloadQueries(context.readStore);

  router.get('/api/students/:id/documents', async (req, res) => {
    const userId = requireUser(req);
    // Documents are private: a substitute gets 404, as for a student they cannot see.
    const student = await loadStudentFor(context, userId, idParam(req), 'see-private');
    const found = await caseload.documentsOfStudent(student.id);
    res.json(found.sort(newestFirst).map(toStudentDocument));
  });

  // Access is checked before the upload is read, so nobody streams 10 MB at a student they cannot see.
  const mayUpload = async (req: Request, _res: Response, next: NextFunction) => {
    try {
      await loadStudentFor(context, requireUser(req), idParam(req), 'edit');
      next();
    } catch (error) {
      next(error);
    }
  };

  router.post('/api/students/:id/documents', mayUpload, receiveFile, async (req, res) => {
    const userId = requireUser(req);
    const studentId = idParam(req);
    const file = req.file;
    if (!file) throw ValidationError.onField('file', NO_FILE);
    const mimeType = await detectDocumentType(file.buffer);
    if (!mimeType) throw new HttpError(415, UNSUPPORTED_KIND);

    const documentId = randomUUID();
    // Bytes first: an event must never name a document whose bytes are missing. Until the event lands, the upload is
    // in flight: erasing the student meanwhile deletes these bytes too.
    uploadsInFlight.begin(studentId, documentId);
    let revision: number;
    try {
      await blobs.put(documentId, file.buffer);
      const result = await handleCommand(
        context,
        documentDecider,
        streamName('document', documentId),
        {
          type: 'UploadDocument',
          documentId,
          studentId,
          file: {
            name: cleanFileName(file.originalname),
            mimeType,
            size: file.size,
            sha256: createHash('sha256').update(file.buffer).digest('hex'),
          },
        },
        { actor: { userId }, expectedRevision: -1 },
      );
      revision = result.revision;
    } catch (error) {
      await blobs.delete(documentId);
      throw error;
    } finally {
      uploadsInFlight.end(studentId, documentId);
    }
    const stored = await caseload.documentById(documentId);
    if (!stored) throw new NotFoundError('Document');
    setEtag(res, revision);
    res.status(201).json(toStudentDocument(stored));
  });

  router.get('/api/documents/:id/download', async (req, res) => {
    const userId = requireUser(req);
    const document = await caseload.documentById(idParam(req));
    if (!document) throw new NotFoundError('Document');
    // Someone who cannot see the student (or its private parts) learns nothing about its documents either.
    await loadStudentFor(context, userId, document.studentId, 'see-private', 'Document');
    const bytes = await blobs.get(document.id);
    if (!bytes) {
      context.logger.error('document bytes missing', { route: '/api/documents/:id/download' });
      throw new NotFoundError('Document');
    }
    res.setHeader('Content-Type', document.mimeType);
    res.setHeader('Content-Length', String(bytes.length));
    res.setHeader('Content-Disposition', attachmentDisposition(document.name));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.end(bytes);
  });

  router.delete('/api/documents/:id', async (req, res) => {
    const userId = requireUser(req);
    const document = await caseload.documentById(idParam(req));
    if (!document) throw new NotFoundError('Document');
    // Whoever may not see the documents learns nothing (404); a viewer who may not change them is refused (403).
    await loadStudentFor(context, userId, document.studentId, 'see-private', 'Document');
    await loadStudentFor(context, userId, document.studentId, 'edit', 'Document');
    await handleCommand(
      context,
      documentDecider,
      streamName('document', document.id),
      { type: 'DeleteDocument', documentId: document.id },
      { actor: { userId }, expectedRevision: expectedRevisionFrom(req) },
    );
    // The event is the record; bytes left behind by a failed unlink are unreachable, so a warning is enough.
    try {
      await blobs.delete(document.id);
    } catch (error) {
      context.logger.warn('document bytes not deleted', { error: error instanceof Error ? error.name : 'unknown' });
    }
    await recordAccess(req, { studentId: document.studentId, userId, action: 'delete', what: documentAccessWhat(document.id) });
    res.status(204).end();
  });

  return router;
}
