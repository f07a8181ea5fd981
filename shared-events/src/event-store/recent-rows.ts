import type { EventEnvelope, Position } from '../events/envelope.ts';
import { toEnvelope, type LogPage, type PendingRow, type Row } from './stored-rows.ts';

/** Rows this process appended last, kept for its live subscriptions (one per projection). */
const RECENT_ROWS = 1_000;

interface RecentRow {
  row: Row;
  /** Decoded once, for every subscriber; null for a type this build does not know. */
  envelope?: EventEnvelope | null;
}

/**
 * Every row after `start` up to `end`, in order and without gaps: each projection's live subscription
 * reads what was just appended from here instead of querying and decoding the same rows once per
 * projection. A batch that finds the log's head elsewhere (another process appended) starts the window
 * again, so a row written elsewhere is never skipped.
 */
export class RecentRows {
  private recent: RecentRow[] = [];
  private start: Position = -1n;
  /** The position of the last row in the window. */
  end: Position = -1n;

  /** Empties the window, to follow on from `after`. */
  startAfter(after: Position): void {
    this.recent = [];
    this.start = this.end = after;
  }

  /** An append's rows, committed at `first` onwards, the last at stream revision `lastRevision`. */
  remember(streamId: string, rows: readonly PendingRow[], first: Position, lastRevision: number): void {
    if (first !== this.end + 1n) this.startAfter(first - 1n);
    let revision = lastRevision - rows.length;
    for (const row of rows) {
      revision += 1;
      this.end += 1n;
      this.recent.push({ row: [Number(this.end), streamId, revision, row.storedType, row.data, row.metadata, row.eventId, row.occurredAt] });
    }
    if (this.recent.length > 2 * RECENT_ROWS) {
      const dropped = this.recent.length - RECENT_ROWS;
      this.recent = this.recent.slice(dropped);
      this.start += BigInt(dropped);
    }
  }

  /** A page from the window, or undefined when it does not cover the rows after `after`. */
  page(after: Position, limit: number): LogPage | undefined {
    if (after < this.start || after >= this.end) return undefined;
    const from = Number(after - this.start);
    const slice = this.recent.slice(from, from + limit);
    const envelopes: EventEnvelope[] = [];
    for (const entry of slice) {
      if (entry.envelope === undefined) entry.envelope = toEnvelope(entry.row);
      if (entry.envelope) envelopes.push(entry.envelope);
    }
    return { envelopes, last: after + BigInt(slice.length), count: slice.length };
  }
}
