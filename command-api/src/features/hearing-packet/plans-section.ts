import { categoryLabel } from '@accommodate/shared-events/config/accommodation-categories';
import { studentAsOf, studentWithAccommodationsAsOf } from '@accommodate/shared-events/domain/student/student-as-of';
import { planAsOf, planRecordAsOf } from '@accommodate/shared-events/domain/plan/plan-revisions';
import { formatCalendarDate, fieldLabel, fieldValue } from '@accommodate/shared-events/schemas/record-display';
import type { HistoryEntry } from '@accommodate/shared-events/domain/student/student-history';
import { planCaseManagerLabel } from '@accommodate/shared-events/schemas/plan';
import { loadAccommodationStreams } from '../../shared/student-streams.ts';
import { studentHistory } from '../../shared/student-history.ts';
import { inRange } from './packet-range.ts';
import type { PacketBlock } from './packet-layout.ts';
import type { PacketSection, PacketSource } from './packet-section.ts';
import { planRecordBlocks } from './plan-record-blocks.ts';

/** The accommodations as they read when the range began: each replayed from its own events. */
async function accommodationsAtStart({ context, streams, range }: PacketSource): Promise<PacketBlock[]> {
  const assigned = studentAsOf(streams.student, range.start)?.accommodationIds ?? [];
  const then = studentWithAccommodationsAsOf(streams.student, await loadAccommodationStreams(context, assigned), range.start);
  return [
    { kind: 'heading', text: `Accommodations in force on ${formatCalendarDate(range.from)}` },
    {
      kind: 'table',
      columns: [{ title: 'Accommodation', width: 3 }, { title: 'Category', width: 1.3 }, { title: 'Description', width: 5 }],
      rows: (then?.accommodations ?? []).map((accommodation) => [accommodation.name, categoryLabel(accommodation.category), accommodation.description ?? '—']),
      empty: then ? 'None.' : 'The student was not yet on record that day.',
    },
  ];
}

const PLAN_COLUMNS = ['startDate', 'reviewDate', 'status', 'meetingDate', 'caseManager'] as const;

/** Each plan whose dates meet the range, as it stood at the range's end. */
function plansInForce(source: PacketSource): PacketBlock[] {
  const { streams, range } = source;
  const inForce = streams.plans
    .flatMap((events) => {
      const plan = planAsOf(events, range.end);
      return plan ? [{ plan, record: planRecordAsOf(events, range.end) }] : [];
    })
    .filter(({ plan }) => plan.startDate <= range.to && plan.reviewDate >= range.from)
    .sort((a, b) => a.plan.startDate.localeCompare(b.plan.startDate));
  const plans = inForce.map(({ plan }) => plan);
  const field = (name: string, value: unknown) => fieldValue('plan', name, value);
  return [
    { kind: 'heading', text: 'Plans in force during the range' },
    {
      kind: 'table',
      columns: PLAN_COLUMNS.map((name) => ({ title: fieldLabel('plan', name), width: 1 })),
      // The case manager is the student's; an older plan's free text shows only where the student has none.
      rows: plans.map((plan) => PLAN_COLUMNS.map((name) => (name === 'caseManager' ? (planCaseManagerLabel(source.caseManagerName, plan.caseManager) ?? '—') : field(name, plan[name])))),
      empty: 'No plan was in force during the range.',
    },
    // What each plan's meeting decided, as it stood at the range's end.
    ...inForce.flatMap(({ plan, record }) => [
      { kind: 'heading' as const, text: `Plan record: ${formatCalendarDate(plan.startDate)} to ${formatCalendarDate(plan.reviewDate)}` },
      ...planRecordBlocks(record, source.accommodationName, source.seesPlanRecord),
    ]),
  ];
}

const changesOf = (entry: HistoryEntry): string =>
  entry.changes.map((change) => `${fieldLabel(entry.entity, change.field)}: ${fieldValue(entry.entity, change.field, change.before)} → ${fieldValue(entry.entity, change.field, change.after)}`).join('\n') || '—';

/** Every change to the record, its plans and documents in the range, oldest first: the order a hearing reads them. */
async function changesInRange(source: PacketSource): Promise<PacketBlock[]> {
  const history = (await studentHistory(source.context, source.student.id, source.seesPlanRecord)).filter((entry) => inRange(source.range, entry.at)).reverse();
  return [
    { kind: 'heading', text: 'Changes during the range' },
    {
      kind: 'table',
      columns: [{ title: 'When', width: 2 }, { title: 'Who', width: 1.6 }, { title: 'What', width: 1.6 }, { title: 'Changes', width: 4.5 }],
      rows: history.map((entry) => [source.moment(entry.at), entry.actor.name, entry.kind, changesOf(entry)]),
      empty: 'Nothing changed during the range.',
    },
  ];
}

/** The plans in force and what the record said, then how it changed; their signed versions follow in the next part. */
export const plansSection: PacketSection = {
  title: 'Plans and accommodations',
  blocks: async (source) => [...(await accommodationsAtStart(source)), ...plansInForce(source), ...(await changesInRange(source))],
};
