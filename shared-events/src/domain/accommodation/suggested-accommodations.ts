/**
 * Suggested accommodations (the spec's Premium "AI recommendations"), by plain co-occurrence counting: of
 * the students in the caller's caseload who have an accommodation this student has, how many also have one this
 * student lacks. Only counts and accommodation names come out, never which students they were.
 */

export interface NamedAccommodation {
  id: string;
  name: string;
}

export interface SuggestedAccommodation<A extends NamedAccommodation> {
  accommodation: A;
  /** The student's accommodation that the suggestion goes with. */
  basedOn: NamedAccommodation;
  /** Students with both: the support. */
  together: number;
  /** Students with `basedOn`. */
  withBasis: number;
}

/** Fewer students than this prove nothing: a small caseload gives no suggestions rather than noise. */
export const MIN_SUPPORT = 3;
/** "Often goes with": at least half of the students with the one also have the other. */
export const MIN_SHARE = 0.5;
/** A short list to review, not a second library. */
export const MAX_SUGGESTIONS = 5;

export interface SuggestionInput<A extends NamedAccommodation> {
  /** What the student has now (any status): these are never suggested, and each is a possible basis. */
  has: readonly NamedAccommodation[];
  /** Each student of the caseload by the accommodation ids they have; the student themself may be among them. */
  caseload: readonly (readonly string[])[];
  /** What may be suggested: the accommodations the caller could add (their library). */
  candidates: readonly A[];
}

const share = (s: { together: number; withBasis: number }) => s.together / s.withBasis;

/** Most supported first, then the larger share, then by name, so equal counts read in a stable order. */
const bySupport = <A extends NamedAccommodation>(a: SuggestedAccommodation<A>, b: SuggestedAccommodation<A>) =>
  b.together - a.together || share(b) - share(a) || a.accommodation.name.localeCompare(b.accommodation.name) || a.accommodation.id.localeCompare(b.accommodation.id);

export function suggestAccommodations<A extends NamedAccommodation>({ has, caseload, candidates }: SuggestionInput<A>): SuggestedAccommodation<A>[] {
  const held = new Set(has.map((accommodation) => accommodation.id));
  const offered = new Map(candidates.filter((candidate) => !held.has(candidate.id)).map((candidate) => [candidate.id, candidate]));
  if (held.size === 0 || offered.size === 0) return [];

  // withBasis[a]: students with a; together[a][b]: students with both a (held) and b (offered).
  const withBasis = new Map<string, number>();
  const together = new Map<string, Map<string, number>>();
  for (const accommodationIds of caseload) {
    const ids = new Set(accommodationIds);
    const bases = [...ids].filter((id) => held.has(id));
    if (bases.length === 0) continue;
    const others = [...ids].filter((id) => offered.has(id));
    for (const basis of bases) {
      withBasis.set(basis, (withBasis.get(basis) ?? 0) + 1);
      const counts = together.get(basis) ?? new Map<string, number>();
      for (const other of others) counts.set(other, (counts.get(other) ?? 0) + 1);
      together.set(basis, counts);
    }
  }

  // For each candidate, the strongest of the student's accommodations it goes with.
  const best = new Map<string, SuggestedAccommodation<A>>();
  for (const basedOn of has) {
    const basisCount = withBasis.get(basedOn.id) ?? 0;
    for (const [id, count] of together.get(basedOn.id) ?? []) {
      const candidate: SuggestedAccommodation<A> = { accommodation: offered.get(id)!, basedOn, together: count, withBasis: basisCount };
      if (count < MIN_SUPPORT || share(candidate) < MIN_SHARE) continue;
      const current = best.get(id);
      if (!current || bySupport(candidate, current) < 0) best.set(id, candidate);
    }
  }
  return [...best.values()].sort(bySupport).slice(0, MAX_SUGGESTIONS);
}

/** The reason in words, with counts and accommodation names only: '8 of 10 students with Extended Time also have Quiet Space'. */
export const suggestionReason = ({ together, withBasis, basedOn, accommodation }: SuggestedAccommodation<NamedAccommodation>): string =>
  `${together} of ${withBasis} students with ${basedOn.name} also have ${accommodation.name}`;
