import { accessRoleLabel } from '@accommodate/shared-events/schemas/access-log';
import { planRevisions } from '@accommodate/shared-events/domain/plan/plan-revisions';
import { formatCalendarDate } from '@accommodate/shared-events/schemas/record-display';
import { accessLogOf } from '../../shared/student-access-log.ts';
import { inRange } from './packet-range.ts';
import type { PacketSection, PacketSource } from './packet-section.ts';

const INTERNAL_ID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/**
 * What an entry says, with each plan named by its dates ('Plan Sep 1, 2025 to Jun 1, 2026 versions') in place of the
 * internal id older entries recorded; any other id left is withheld, since a hearing reads names, not keys.
 */
export function describedWithoutIds({ streams, range }: Pick<PacketSource, 'streams' | 'range'>): (what: string) => string {
  const planNames = new Map<string, string>();
  for (const events of streams.plans) {
    // The plan's dates as they stood at the range's end (or as first made, for a plan made later).
    const revisions = planRevisions(events);
    const plan = revisions.filter((revision) => revision.at <= range.end).at(-1)?.plan ?? revisions[0]?.plan;
    if (plan) planNames.set(plan.id.toLowerCase(), `${formatCalendarDate(plan.startDate)} to ${formatCalendarDate(plan.reviewDate)}`);
  }
  return (what) => what.replace(INTERNAL_ID, (id) => planNames.get(id.toLowerCase()) ?? '(no longer on record)');
}

/** Who viewed, exported, printed or downloaded the record in the range (34 CFR 99.32), oldest first. */
export const accessLogSection: PacketSection = {
  title: 'Access log',
  blocks: async (source) => {
    const { context, student, range, moment } = source;
    const describe = describedWithoutIds(source);
    const entries = (await accessLogOf(context, student.id)).filter((entry) => inRange(range, entry.at)).reverse();
    return [
      {
        kind: 'table',
        columns: [{ title: 'When', width: 2 }, { title: 'Who', width: 1.6 }, { title: 'Role', width: 1.1 }, { title: 'Action', width: 0.9 }, { title: 'What', width: 3.2 }],
        rows: entries.map((entry) => [moment(entry.at), entry.user.name, accessRoleLabel(entry.role) || '—', entry.action, describe(entry.what)]),
        empty: 'Nobody accessed the record during the range.',
      },
    ];
  },
};
