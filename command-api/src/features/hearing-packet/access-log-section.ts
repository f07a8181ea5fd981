import { accessRoleLabel } from '@accommodate/shared-events/schemas/access-log';
import { accessLogOf } from '../../shared/student-access-log.ts';
import { inRange } from './packet-range.ts';
import type { PacketSection } from './packet-section.ts';

/** Who viewed, exported, printed or downloaded the record in the range (34 CFR 99.32), oldest first. */
export const accessLogSection: PacketSection = {
  title: 'Access log',
  blocks: async ({ context, student, range, moment }) => {
    const entries = (await accessLogOf(context, student.id)).filter((entry) => inRange(range, entry.at)).reverse();
    return [
      {
        kind: 'table',
        columns: [{ title: 'When', width: 2 }, { title: 'Who', width: 1.6 }, { title: 'Role', width: 1.1 }, { title: 'Action', width: 0.9 }, { title: 'What', width: 3.2 }],
        rows: entries.map((entry) => [moment(entry.at), entry.user.name, accessRoleLabel(entry.role) || '—', entry.action, entry.what]),
        empty: 'Nobody accessed the record during the range.',
      },
    ];
  },
};
