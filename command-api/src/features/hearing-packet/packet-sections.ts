import type { PacketSection } from './packet-section.ts';
import { studentSection } from './student-section.ts';
import { plansSection } from './plans-section.ts';
import { implementationSection } from './implementation-section.ts';
import { notificationsSection } from './notifications-section.ts';
import { accessLogSection } from './access-log-section.ts';

/**
 * The hearing packet's parts, in order: adding one is one entry here (a module exporting a `PacketSection`).
 * The `plans` branch adds the finalised versions with their differences and the acknowledgements per teacher after
 * the plans; nothing stands in for them until then.
 */
export const PACKET_SECTIONS: readonly PacketSection[] = [studentSection, plansSection, implementationSection, notificationsSection, accessLogSection];
