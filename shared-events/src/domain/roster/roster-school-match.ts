import { z } from 'zod';
import type { RosterSchoolMatch } from '../../schemas/roster.ts';

/**
 * A district often makes its schools by hand before its first import. The SIS's org then names a school the product
 * has already: the import links the org to it (by name, ignoring case and spacing), so that its staff keep the school
 * their coordinator was invited to. It never guesses: when two schools bear the name, or the one that does is linked
 * to another org already, the admin chooses.
 */

/** What the admin chose for an org (by sourcedId): one of the district's schools, or a new school. */
export const schoolChoicesSchema = z.record(
  z.string().trim().min(1, 'A school’s sourcedId is required'),
  z.union([z.literal('new'), z.string().trim().min(1, 'Choose a school, or a new one')], { errorMap: () => ({ message: 'Choose a school, or a new one' }) }),
);
export type SchoolChoices = z.infer<typeof schoolChoicesSchema>;

export const CHOICE_NOT_A_CANDIDATE = 'The school chosen for an org is not one of the schools with its name: import again after a dry run';
export const schoolChoiceNeeded = (name: string) => `Choose which of the district’s schools orgs.csv’s '${name}' is, or a new school: see the dry run`;

/** Names that differ only by case and spacing are the same school's. */
export const schoolNameKey = (name: string): string => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');

export interface ExistingSchool {
  id: string;
  name: string;
}

export interface SchoolMatching {
  /** Each org the product had no school of, with the schools of its name: what the dry run shows. */
  matches: RosterSchoolMatch[];
  /** The org's own id (derived from its sourcedId) → the existing school it is linked to. */
  links: Record<string, string>;
  /** Orgs the admin must choose for (their names), and choices that were not among the candidates. */
  problems: string[];
}

/**
 * Matches the SIS's orgs to the district's schools. `orgId` is the id an org's school has when the import makes it;
 * `linkedIds` are the schools some org is linked to or made already (earlier imports' and the links'); `choices` the
 * admin's, by sourcedId.
 */
export function matchSchools(
  orgs: readonly { sourcedId: string; name: string }[],
  context: { orgId: (sourcedId: string) => string; existing: readonly ExistingSchool[]; linkedIds: ReadonlySet<string>; links: Readonly<Record<string, string>>; choices: SchoolChoices },
): SchoolMatching {
  const { existing, linkedIds, links: earlier, choices } = context;
  const known = new Set(existing.map((school) => school.id));
  const matches: RosterSchoolMatch[] = [];
  for (const org of orgs) {
    const orgId = context.orgId(org.sourcedId);
    // Imported or linked before: the org has its school.
    if (earlier[orgId] !== undefined || known.has(orgId)) continue;
    const candidates = existing
      .filter((school) => schoolNameKey(school.name) === schoolNameKey(org.name))
      .map((school) => ({ schoolId: school.id, name: school.name, linked: linkedIds.has(school.id) }));
    if (candidates.length === 0 && choices[org.sourcedId] === undefined) continue;
    matches.push({ sourcedId: org.sourcedId, name: org.name, candidates, schoolId: null, choice: 'none' });
  }
  // One school, free, claimed by one org only: linked without asking.
  const claims = new Map<string, number>();
  for (const match of matches) for (const candidate of match.candidates) claims.set(candidate.schoolId, (claims.get(candidate.schoolId) ?? 0) + 1);
  const links: Record<string, string> = {};
  const problems: string[] = [];
  for (const match of matches) {
    const chosen = choices[match.sourcedId];
    const [only] = match.candidates;
    if (chosen === 'new') match.choice = 'new';
    else if (chosen !== undefined) {
      if (!match.candidates.some((candidate) => candidate.schoolId === chosen)) problems.push(CHOICE_NOT_A_CANDIDATE);
      else Object.assign(match, { schoolId: chosen, choice: 'chosen' });
    } else if (match.candidates.length === 1 && only && !only.linked && claims.get(only.schoolId) === 1) Object.assign(match, { schoolId: only.schoolId, choice: 'matched' });
    else {
      match.choice = 'needed';
      problems.push(schoolChoiceNeeded(match.name));
    }
    if (match.schoolId !== null) links[context.orgId(match.sourcedId)] = match.schoolId;
  }
  return { matches, links, problems };
}
