import { describe, it } from 'vitest';
import type { DocumentEvent } from '../../events/document-events.ts';
import { DeciderSpecification } from '../testing/decider-specification.ts';
import { IllegalStateError, NotFoundError } from '../errors.ts';
import { documentDecider, type UploadedFile } from './decide-document.ts';

const spec = DeciderSpecification.for(documentDecider);
const file: UploadedFile = { name: 'IEP-2026.pdf', mimeType: 'application/pdf', size: 1200, sha256: 'ab12' };
const uploaded: DocumentEvent = { type: 'DocumentUploaded', data: { documentId: 'd1', studentId: 's1', ...file } };
const deleted: DocumentEvent = { type: 'DocumentDeleted', data: { documentId: 'd1', studentId: 's1' } };

describe('document decider', () => {
  it('uploads a document for a student', () => {
    spec.given([]).when({ type: 'UploadDocument', documentId: 'd1', studentId: 's1', file }).then([uploaded]);
  });

  it('cannot upload the same document twice', () => {
    spec.given([uploaded]).when({ type: 'UploadDocument', documentId: 'd1', studentId: 's1', file }).thenThrows(IllegalStateError);
  });

  it('deletes an uploaded document, naming its student for the history and the pokes', () => {
    spec.given([uploaded]).when({ type: 'DeleteDocument', documentId: 'd1' }).then([deleted]);
  });

  it('cannot delete a document that was never uploaded, or one already deleted', () => {
    spec.given([]).when({ type: 'DeleteDocument', documentId: 'd1' }).thenThrows(NotFoundError);
    spec.given([uploaded, deleted]).when({ type: 'DeleteDocument', documentId: 'd1' }).thenThrows(NotFoundError);
  });

  it('cannot upload again under the id of a deleted document', () => {
    spec.given([uploaded, deleted]).when({ type: 'UploadDocument', documentId: 'd1', studentId: 's1', file }).thenThrows(IllegalStateError);
  });
});
