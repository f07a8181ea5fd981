/**
 * The event log's table and its one way in.
 *
 * Positions come from a sequence, and a sequence number is taken before its transaction commits: with writers in
 * parallel, a reader could see position 11 committed while 10 is still in flight, move its checkpoint past 10, and
 * never see it. Appends are therefore serialised per log, as Message DB does: `accommodate_append` takes a
 * transaction-scoped advisory lock before it numbers anything, and PostgreSQL releases that lock only after the
 * commit is visible. So positions are handed out in commit order, and whatever a reader sees is a prefix of the log.
 * The cost is one commit at a time per log; each process gathers the appends that arrive together into one call
 * (and one fsync), so the lock is taken once per batch, not once per append.
 *
 * Expected revisions are checked inside the lock, where no other append can move the stream; the unique
 * (stream_id, revision) constraint stays as the last word.
 */
export const EVENT_LOG_SCHEMA = `
  CREATE SEQUENCE events_position;
  CREATE TABLE events (
    position    bigint  PRIMARY KEY,
    stream_id   text    NOT NULL,
    revision    integer NOT NULL,
    type        text    NOT NULL,
    data        json    NOT NULL,
    metadata    json    NOT NULL,
    event_id    uuid    NOT NULL UNIQUE,
    occurred_at text    NOT NULL,
    UNIQUE (stream_id, revision)
  );

  -- One call per batch of appends. p_expected: -1 no stream, -2 any, else the stream's last revision.
  -- p_counts says how many of the flattened event arrays belong to each append, in order.
  CREATE FUNCTION accommodate_append(
    p_streams text[], p_expected integer[], p_counts integer[],
    p_types text[], p_data text[], p_metadata text[], p_event_ids uuid[], p_occurred text[]
  ) RETURNS TABLE (appended boolean, revision integer, first_position bigint, last_position bigint)
  LANGUAGE plpgsql AS $$
  DECLARE
    i integer;
    j integer;
    taken integer := 0;
    current_revision integer;
    position_now bigint;
    first_now bigint;
    any_appended boolean := false;
  BEGIN
    PERFORM pg_advisory_xact_lock(hashtext(current_schema() || ':events'));
    FOR i IN 1 .. coalesce(array_length(p_streams, 1), 0) LOOP
      SELECT coalesce(max(e.revision), -1) INTO current_revision FROM events e WHERE e.stream_id = p_streams[i];
      IF (p_expected[i] = -1 AND current_revision <> -1) OR (p_expected[i] >= 0 AND p_expected[i] <> current_revision) THEN
        appended := false; revision := current_revision; first_position := NULL; last_position := NULL;
      ELSE
        first_now := NULL;
        FOR j IN 1 .. p_counts[i] LOOP
          position_now := nextval('events_position');
          first_now := coalesce(first_now, position_now);
          current_revision := current_revision + 1;
          INSERT INTO events (position, stream_id, revision, type, data, metadata, event_id, occurred_at)
          VALUES (position_now, p_streams[i], current_revision, p_types[taken + j], p_data[taken + j]::json,
                  p_metadata[taken + j]::json, p_event_ids[taken + j], p_occurred[taken + j]);
        END LOOP;
        any_appended := any_appended OR p_counts[i] > 0;
        appended := true; revision := current_revision; first_position := first_now; last_position := position_now;
      END IF;
      taken := taken + p_counts[i];
      RETURN NEXT;
    END LOOP;
    -- Delivered at commit, to every process listening: their subscriptions read what landed.
    IF any_appended THEN PERFORM pg_notify(left('acc_events_' || current_schema(), 63), position_now::text); END IF;
  END $$;
`;
