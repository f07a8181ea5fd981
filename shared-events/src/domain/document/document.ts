import { DOCUMENT_EVENTS, type DocumentEvent } from '../../events/document-events.ts';
import type { EventEnvelope } from '../../events/envelope.ts';
import { isEventOf, typesOf } from '../event-types.ts';
import { withoutBidiControls } from '../../schemas/bidi-controls.ts';

export const DOCUMENT_EVENT_TYPES = typesOf(DOCUMENT_EVENTS);
export const isDocumentEvent = isEventOf<DocumentEvent>(DOCUMENT_EVENT_TYPES);

export type DocumentState =
  | { status: 'absent' }
  | { status: 'present'; studentId: string }
  | { status: 'deleted' };

export const initialDocumentState = (): DocumentState => ({ status: 'absent' });

export function evolveDocument(state: DocumentState, event: DocumentEvent): DocumentState {
  switch (event.type) {
    case 'DocumentUploaded':
      return { status: 'present', studentId: event.data.studentId };
    case 'DocumentDeleted':
      return state.status === 'present' ? { status: 'deleted' } : state;
  }
}

/** Each document's name as uploaded, by id, from the documents' streams (deleted ones included), less bidi controls. */
export function documentNames(streams: readonly (readonly EventEnvelope[])[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const envelope of streams.flat()) {
    if (isDocumentEvent(envelope) && envelope.type === 'DocumentUploaded') names.set(envelope.data.documentId, withoutBidiControls(envelope.data.name));
  }
  return names;
}
