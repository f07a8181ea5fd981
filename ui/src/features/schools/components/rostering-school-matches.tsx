import { Select } from 'antd';
import type { RosterSchoolMatch } from '@accommodate/shared-events/schemas/roster';

/** The admin's choice per org sourcedId: one of the district's schools, or 'new'. */
export type SchoolChoices = Record<string, string>;

const NEW_SCHOOL = 'new';

/** Candidates may share a name to the letter: each is told apart by its place and whether an org has it already. */
function candidateLabel(candidate: RosterSchoolMatch['candidates'][number], index: number, count: number): string {
  const place = count > 1 ? ` (school ${index + 1} of ${count})` : '';
  return `${candidate.name}${place}${candidate.linked ? ', linked to another SIS school' : ''}`;
}

function MatchLine({ match, choice, onChoose }: { match: RosterSchoolMatch; choice: string | undefined; onChoose: (value: string) => void }) {
  const selectId = `school-match-${match.sourcedId}`;
  if (match.choice === 'matched') {
    return (
      <li>
        {`orgs.csv’s '${match.name}' is your school '${match.candidates[0]?.name ?? match.name}': the import links them, and adds no school.`}
      </li>
    );
  }
  const options = [
    ...match.candidates.map((candidate, index) => ({ value: candidate.schoolId, label: candidateLabel(candidate, index, match.candidates.length) })),
    { value: NEW_SCHOOL, label: 'A new school' },
  ];
  return (
    <li className="rostering-match">
      <label htmlFor={selectId}>{`Which school is orgs.csv’s '${match.name}'?`}</label>
      <Select id={selectId} value={choice ?? match.schoolId ?? undefined} placeholder="Choose a school" options={options} onChange={onChoose} style={{ width: '100%', maxWidth: 420 }} />
    </li>
  );
}

/**
 * The dry run's matching of the SIS's orgs to the schools made by hand: what it links by name, and, where it must not
 * guess (two schools of the name, or one an org has already), the admin's choice, which the import then takes.
 */
export function RosteringSchoolMatches({ matches, choices, onChoose }: { matches: RosterSchoolMatch[]; choices: SchoolChoices; onChoose: (sourcedId: string, value: string) => void }) {
  const shown = matches.filter((match) => match.choice !== 'none');
  if (shown.length === 0) return null;
  const open = shown.filter((match) => match.choice === 'needed' && choices[match.sourcedId] === undefined).length;
  return (
    <section aria-labelledby="rostering-school-matches" className="rostering-matches">
      <h4 id="rostering-school-matches" className="school-card__section">Schools you made by hand</h4>
      {open > 0 && <p className="settings-row__text">{`Choose the school for ${open === 1 ? 'one org' : `${open} orgs`} before you import: the import will not guess.`}</p>}
      <ul className="rostering-issues">
        {shown.map((match) => (
          <MatchLine key={match.sourcedId} match={match} choice={choices[match.sourcedId]} onChoose={(value) => onChoose(match.sourcedId, value)} />
        ))}
      </ul>
    </section>
  );
}
