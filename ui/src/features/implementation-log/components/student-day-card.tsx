import { useState } from 'react';
import { Button, Input, Radio } from 'antd';
import { IMPLEMENTATION_OUTCOME_LABELS, IMPLEMENTATION_OUTCOMES, type ImplementationOutcome } from '@accommodate/shared-events/schemas/implementation-log';
import { specificsText } from '@accommodate/shared-events/schemas/plan-record';
import type { ClassImplementationDay, ImplementationEntryInput } from '../api/implementation-log-api.ts';

type DayStudent = ClassImplementationDay['students'][number];

/** Short labels for a phone's width; the full words are the buttons' names. */
const SHORT: Record<ImplementationOutcome, string> = { provided: 'Provided', 'not-provided': 'Not provided', refused: 'Refused', 'not-needed': 'Not needed', absent: 'Absent' };

export interface StudentDayCardProps {
  row: DayStudent;
  date: string;
  /** What the page shows for each accommodation: a waiting entry, else the server's. */
  shown: (accommodationId: string) => ImplementationEntryInput | undefined;
  onLog: (entries: ImplementationEntryInput[]) => void;
}

/** One student's accommodations for the day: all provided in a tap, then an outcome (and a note) for the exceptions. */
export function StudentDayCard({ row, date, shown, onLog }: StudentDayCardProps) {
  const active = row.accommodations.filter((accommodation) => accommodation.status === 'active');
  const unlogged = active.filter((accommodation) => shown(accommodation.id) === undefined);
  const headingId = `implog-student-${row.student.id}`;
  return (
    <section className="implog-card" aria-labelledby={headingId}>
      <div className="implog-card__head">
        <h2 id={headingId} className="implog-card__name">
          {row.student.name}
          {row.student.grade ? <span className="implog-card__grade">Grade {row.student.grade}</span> : null}
        </h2>
        {row.canLog && unlogged.length > 0 ? (
          <Button className="implog-big" onClick={() => onLog(unlogged.map((accommodation) => ({ date, accommodationId: accommodation.id, outcome: 'provided' })))}>
            All provided
          </Button>
        ) : null}
      </div>
      {active.length === 0 ? <p className="implog-card__none">No accommodations.</p> : null}
      <ul className="implog-card__list">
        {active.map((accommodation) => {
          const specifics = row.specifics.find((each) => each.accommodationId === accommodation.id);
          return (
            <AccommodationRow
              key={accommodation.id}
              id={`${headingId}-${accommodation.id}`}
              name={accommodation.name}
              specifics={specifics ? specificsText(specifics) : null}
              entry={shown(accommodation.id)}
              canLog={row.canLog}
              onLog={(outcome, note) => onLog([{ date, accommodationId: accommodation.id, outcome, note }])}
            />
          );
        })}
      </ul>
    </section>
  );
}

interface AccommodationRowProps {
  /** Unique on the page: names the row's specifics for the outcome buttons. */
  id: string;
  name: string;
  /** What the plan says of it for this student ('1.5× on tests · Resource room · Every test'), if anything. */
  specifics: string | null;
  entry: ImplementationEntryInput | undefined;
  canLog: boolean;
  onLog: (outcome: ImplementationOutcome, note: string | null) => void;
}

function AccommodationRow({ id, name, specifics, entry, canLog, onLog }: AccommodationRowProps) {
  // An outcome that needs (or may have) a note waits here for it; 'provided' is logged at once.
  const [draft, setDraft] = useState<{ outcome: ImplementationOutcome; note: string } | null>(null);
  const outcome = draft?.outcome ?? entry?.outcome;
  const choose = (chosen: ImplementationOutcome) => {
    if (chosen === 'provided') {
      setDraft(null);
      onLog(chosen, null);
    } else setDraft({ outcome: chosen, note: entry?.outcome === chosen ? (entry.note ?? '') : '' });
  };
  const needsReason = draft?.outcome === 'not-provided' && draft.note.trim() === '';
  return (
    <li className="implog-row">
      <span className="implog-row__name">{name}</span>
      {specifics ? (
        <span className="implog-row__specifics" id={`${id}-specifics`}>
          {specifics}
        </span>
      ) : null}
      {canLog ? (
        <Radio.Group
          className="implog-outcomes"
          optionType="button"
          buttonStyle="solid"
          value={outcome}
          aria-label={`${name}: what happened`}
          aria-describedby={specifics ? `${id}-specifics` : undefined}
          onChange={(event) => choose(event.target.value as ImplementationOutcome)}
        >
          {IMPLEMENTATION_OUTCOMES.map((each) => (
            <Radio.Button key={each} value={each} aria-label={IMPLEMENTATION_OUTCOME_LABELS[each]}>
              {SHORT[each]}
            </Radio.Button>
          ))}
        </Radio.Group>
      ) : (
        <span className="implog-row__outcome">{entry ? IMPLEMENTATION_OUTCOME_LABELS[entry.outcome] : 'Not logged'}</span>
      )}
      {entry?.note && !draft ? <span className="implog-row__note">{entry.note}</span> : null}
      {draft ? (
        <div className="implog-row__draft">
          <Input.TextArea
            aria-label={draft.outcome === 'not-provided' ? `Why was ${name} not provided?` : `Note on ${name} (optional)`}
            placeholder={draft.outcome === 'not-provided' ? 'Why was it not provided? (required)' : 'Note (optional)'}
            autoSize={{ minRows: 1, maxRows: 4 }}
            maxLength={500}
            value={draft.note}
            onChange={(event) => setDraft({ ...draft, note: event.target.value })}
          />
          <Button
            type="primary"
            className="implog-big"
            disabled={needsReason}
            onClick={() => {
              onLog(draft.outcome, draft.note.trim() || null);
              setDraft(null);
            }}
          >
            Save
          </Button>
          <Button className="implog-big" onClick={() => setDraft(null)}>
            Cancel
          </Button>
        </div>
      ) : null}
    </li>
  );
}
