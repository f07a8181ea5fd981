import { displayName, gradeLabel, studentStatusLabel } from '@accommodate/shared-events/schemas/student';
import { rangeInWords } from './packet-range.ts';
import type { PacketSection } from './packet-section.ts';

/** Who the packet is about and which days it covers. */
export const studentSection: PacketSection = {
  title: 'Student and range',
  blocks: async ({ student, range, context, moment, school, district }) => [
    { kind: 'field', label: 'Student', value: displayName(student) },
    { kind: 'field', label: 'School', value: school ?? 'Not at a school on record' },
    { kind: 'field', label: 'District', value: district ?? 'Not in a district on record' },
    { kind: 'field', label: 'Grade', value: gradeLabel(student.grade) },
    { kind: 'field', label: 'Status', value: studentStatusLabel(student.status) },
    { kind: 'field', label: 'Range', value: `${rangeInWords(range)} (both days included)` },
    { kind: 'field', label: 'Times are in', value: range.timeZone },
    { kind: 'field', label: 'Packet made', value: moment(context.now().toISOString()) },
  ],
};
