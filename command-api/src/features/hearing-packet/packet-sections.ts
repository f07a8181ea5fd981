import type { PacketSection } from './packet-section.ts';
import { studentSection } from './student-section.ts';
import { plansSection } from './plans-section.ts';
import { planVersionsSection } from './plan-versions-section.ts';
import { implementationSection } from './implementation-section.ts';
import { notificationsSection } from './notifications-section.ts';
import { accessLogSection } from './access-log-section.ts';

/**
 * The hearing packet's parts, in order: adding one is one entry here (a module exporting a `PacketSection`). They
 * answer a hearing officer's three questions in turn: what the plan said (the plans and their signed versions), whether
 * each teacher knew (the acknowledgements), and whether it was provided (the implementation log).
 */
export const PACKET_SECTIONS: readonly PacketSection[] = [
  studentSection,
  plansSection,
  planVersionsSection,
  implementationSection,
  notificationsSection,
  accessLogSection,
];
