import type { EventEnvelope, Position, StoredMetadata } from '../events/envelope.ts';
import { decodeEvent, UnknownEventTypeError } from '../events/registry.ts';

/** The embedded log's one table. */
export const EVENTS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position    INTEGER PRIMARY KEY AUTOINCREMENT,
    stream_id   TEXT    NOT NULL,
    revision    INTEGER NOT NULL,
    type        TEXT    NOT NULL,
    data        TEXT    NOT NULL,
    metadata    TEXT    NOT NULL,
    event_id    TEXT    NOT NULL UNIQUE,
    occurred_at TEXT    NOT NULL,
    UNIQUE (stream_id, revision)
  );
`;

export const EVENT_COLUMNS = 'position, stream_id, revision, type, data, metadata, event_id, occurred_at';
/** A row of EVENT_COLUMNS, read raw (an array: cheaper than an object per row in a replay). */
export type Row = [position: number, streamId: string, revision: number, type: string, data: string, metadata: string, eventId: string, occurredAt: string];

/** An event of an append, encoded and ready to be written. */
export interface PendingRow {
  storedType: string;
  data: string;
  metadata: string;
  eventId: string;
  occurredAt: string;
}

// Events of one append share their metadata text, so a replay parses it once per append, not per event.
let lastMetadataText = '';
let lastMetadata: StoredMetadata | null = null;
function parseMetadata(text: string): StoredMetadata {
  if (text !== lastMetadataText || !lastMetadata) {
    // Validated with storedMetadataSchema on the way in; re-parsing it with zod would halve replay speed.
    lastMetadata = JSON.parse(text) as StoredMetadata;
    lastMetadataText = text;
  }
  return lastMetadata;
}

/** Upcasts one stored row; null for a type this build no longer knows (skipped, as on EventStoreDB). */
export function toEnvelope(row: Row): EventEnvelope | null {
  let decoded: ReturnType<typeof decodeEvent>;
  try {
    decoded = decodeEvent(row[3], JSON.parse(row[4]));
  } catch (error) {
    if (error instanceof UnknownEventTypeError) return null;
    throw error;
  }
  const metadata = parseMetadata(row[5]);
  return {
    eventId: row[6],
    type: decoded.type,
    data: decoded.data,
    streamId: row[1],
    revision: row[2],
    position: BigInt(row[0]),
    occurredAt: row[7],
    actor: { userId: metadata.actor.userId },
    correlationId: metadata.correlationId,
    causationId: metadata.causationId,
    schemaVersion: decoded.schemaVersion,
  };
}

/** One page of the log: the envelopes, the position read up to (past skipped unknown types too), and the rows read. */
export interface LogPage {
  envelopes: EventEnvelope[];
  last: Position;
  count: number;
}
