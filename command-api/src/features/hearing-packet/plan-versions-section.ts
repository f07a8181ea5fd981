import { acknowledgementKey } from '@accommodate/shared-events/domain/plan/plan';
import { acknowledgementTimes, planVersionsOf, type PlanVersionRecord } from '@accommodate/shared-events/domain/plan/plan-versions';
import { accessRoleLabel } from '@accommodate/shared-events/schemas/access-log';
import { STUDENT_ACCESS_ROLES, type StudentAccessRole } from '@accommodate/shared-events/schemas/share';
import { fieldLabel, fieldValue, formatCalendarDate } from '@accommodate/shared-events/schemas/record-display';
import type { PacketBlock } from './packet-layout.ts';
import type { PacketSection } from './packet-section.ts';
import { planRecordBlocks, recordDifferences, type NameOf } from './plan-record-blocks.ts';

/** An accommodation's name as the version froze it, else as the packet knows it (never the internal id). */
const nameIn = (version: PlanVersionRecord, otherwise: NameOf): NameOf => (id) => version.content.accommodations.find((accommodation) => accommodation.id === id)?.name ?? otherwise(id);

/** A version signed before its plan started was in force only from the start: said so, not hidden. */
const inForceFrom = (effectiveDate: string, startDate: string): string =>
  effectiveDate < startDate ? `${formatCalendarDate(startDate)}, when the plan starts (it was signed to take effect ${formatCalendarDate(effectiveDate)})` : formatCalendarDate(effectiveDate);

/** The role the teacher had when asked, as the access log names it (an unknown older role as stored). */
const isAccessRole = (role: string): role is StudentAccessRole => (STUDENT_ACCESS_ROLES as readonly string[]).includes(role);
const roleLabel = (role: string): string => (isAccessRole(role) ? accessRoleLabel(role) : role);

const differences = (version: PlanVersionRecord, record: string[]): string =>
  version.version === 1
    ? 'First version'
    : [
        ...version.changes.added.map((accommodation) => `Added: ${accommodation.name}`),
        ...version.changes.removed.map((accommodation) => `Removed: ${accommodation.name}`),
        ...version.changes.fields.map((change) => `${fieldLabel('plan', change.field)}: ${fieldValue('plan', change.field, change.before)} → ${fieldValue('plan', change.field, change.after)}`),
        ...record,
      ].join('\n') || 'No change of content';

/**
 * The signed versions of each plan made by the range's end, as they were signed, with the differences from
 * the version before and who was asked to acknowledge each, and when they did: what did the plan say, and did each
 * teacher know.
 */
export const planVersionsSection: PacketSection = {
  title: 'Plan versions and acknowledgements',
  blocks: async ({ streams, range, moment, seesPlanRecord, accommodationName, personName }) => {
    const blocks: PacketBlock[] = [];
    for (const events of streams.plans) {
      const madeByEnd = events.filter((event) => event.occurredAt <= range.end);
      const times = acknowledgementTimes(madeByEnd);
      for (const version of planVersionsOf(madeByEnd)) {
        const by = await personName(version.actorId);
        const { startDate, reviewDate } = version.content;
        const nameOf = nameIn(version, accommodationName);
        blocks.push(
          { kind: 'heading', text: `Plan ${formatCalendarDate(startDate)} to ${formatCalendarDate(reviewDate)}: version ${version.version}` },
          { kind: 'field', label: version.kind === 'finalised' ? 'Finalised' : 'Amended', value: `${moment(version.at)} by ${by.name}` },
          { kind: 'field', label: 'In force from', value: inForceFrom(version.effectiveDate, startDate) },
          ...(version.reason === null ? [] : [{ kind: 'field' as const, label: 'Reason', value: version.reason }]),
          { kind: 'field', label: 'Differences', value: differences(version, recordDifferences(version.changes.record, nameOf, seesPlanRecord)) },
          {
            kind: 'table',
            columns: [{ title: 'Accommodation', width: 3 }, { title: 'Description', width: 5 }],
            rows: version.content.accommodations.map((accommodation) => [accommodation.name, accommodation.description ?? '—']),
            empty: 'No accommodations.',
          },
          ...(version.content.record === null ? [] : planRecordBlocks(version.content.record, nameOf, seesPlanRecord)),
        );
        const rows: string[][] = [];
        for (const teacher of version.teachers) {
          const at = times.get(acknowledgementKey(version.version, teacher.userId));
          const named = await personName(teacher.userId, teacher.role);
          if (named.notTakenUp) continue;
          rows.push([named.name, roleLabel(teacher.role), at === undefined ? 'Not acknowledged by the end of the range' : moment(at)]);
        }
        blocks.push({
          kind: 'table',
          columns: [{ title: 'Teacher asked to acknowledge', width: 3 }, { title: 'Role', width: 1.6 }, { title: 'Acknowledged', width: 3 }],
          rows,
          empty: 'No teacher was asked.',
        });
      }
    }
    return blocks.length > 0 ? blocks : [{ kind: 'text', text: 'No plan was finalised by the end of the range.' }];
  },
};
