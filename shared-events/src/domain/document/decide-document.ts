import type { DocumentEvent } from '../../events/document-events.ts';
import type { Decider } from '../decider.ts';
import { IllegalStateError, NotFoundError } from '../errors.ts';
import { DOCUMENT_EVENT_TYPES, evolveDocument, initialDocumentState, type DocumentState } from './document.ts';

export interface UploadedFile {
  name: string;
  mimeType: string;
  size: number;
  sha256: string;
}

export type DocumentCommand =
  | { type: 'UploadDocument'; documentId: string; studentId: string; file: UploadedFile }
  | { type: 'DeleteDocument'; documentId: string };

export function decideDocument(command: DocumentCommand, state: DocumentState): DocumentEvent[] {
  switch (command.type) {
    case 'UploadDocument':
      if (state.status !== 'absent') throw new IllegalStateError('This document already exists');
      return [{ type: 'DocumentUploaded', data: { documentId: command.documentId, studentId: command.studentId, ...command.file } }];
    case 'DeleteDocument':
      if (state.status !== 'present') throw new NotFoundError('Document');
      return [{ type: 'DocumentDeleted', data: { documentId: command.documentId, studentId: state.studentId } }];
  }
}

export const documentDecider: Decider<DocumentState, DocumentCommand, DocumentEvent> = {
  eventTypes: DOCUMENT_EVENT_TYPES,
  initialState: initialDocumentState,
  evolve: evolveDocument,
  decide: decideDocument,
};
