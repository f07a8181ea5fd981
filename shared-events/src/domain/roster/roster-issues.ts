import type { RosterIssue } from './roster-data.ts';

/**
 * Issues kept per import, of each kind: the first hundred say what to fix in the SIS; the rest only add to a count.
 * Kept without a bound, a few megabytes of bad rows made an event, and a status answer, ten times their size.
 */
export const ROSTER_ISSUES_KEPT = 100;

export interface IssueTally {
  kept: RosterIssue[];
  count: number;
}

export const noIssues = (): IssueTally => ({ kept: [], count: 0 });

export function noteIssue(tally: IssueTally, issue: RosterIssue): void {
  tally.count += 1;
  if (tally.kept.length < ROSTER_ISSUES_KEPT) tally.kept.push(issue);
}

/** Issues found whole elsewhere (the archive's), kept the same way. */
export function tallyOf(issues: readonly RosterIssue[]): IssueTally {
  const tally = noIssues();
  for (const issue of issues) noteIssue(tally, issue);
  return tally;
}
