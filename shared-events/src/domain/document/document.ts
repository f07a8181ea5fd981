import { DOCUMENT_EVENTS, type DocumentEvent } from '../../events/document-events.ts';
import { isEventOf, typesOf } from '../event-types.ts';

export const DOCUMENT_EVENT_TYPES = typesOf(DOCUMENT_EVENTS);
export const isDocumentEvent = isEventOf<DocumentEvent>(DOCUMENT_EVENT_TYPES);

export type DocumentState =
  | { status: 'absent' }
  | { status: 'present'; studentId: string }
  | { status: 'removed' };

export const initialDocumentState = (): DocumentState => ({ status: 'absent' });

export function evolveDocument(state: DocumentState, event: DocumentEvent): DocumentState {
  switch (event.type) {
    case 'DocumentUploaded':
      return { status: 'present', studentId: event.data.studentId };
    case 'DocumentRemoved':
      return state.status === 'present' ? { status: 'removed' } : state;
  }
}
