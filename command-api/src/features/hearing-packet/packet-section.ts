import type { StudentDoc } from '@accommodate/projections/queries/caseload-schema';
import type { AppContext } from '../../framework/command-context.ts';
import type { NameOnStudent } from '../../shared/share-take-up.ts';
import type { StudentStreams } from '../../shared/student-streams.ts';
import type { PacketBlock } from './packet-layout.ts';
import type { PacketRange } from './packet-range.ts';
import type { NameOf } from './plan-record-blocks.ts';

/** What every section reads from: the student, the range, and the record's streams read once for all of them. */
export interface PacketSource {
  context: Pick<AppContext, 'eventStore' | 'readStore' | 'now'>;
  student: StudentDoc;
  range: PacketRange;
  streams: StudentStreams;
  /** Whether the reader may see the plan record's impairment and consent ('see-plan-record'). */
  seesPlanRecord: boolean;
  /** A moment in the packet's time zone, which the packet names once, under its title. */
  moment: (iso: string) => string;
  /** Any accommodation's name, one the student no longer has too: the packet never shows an internal id. */
  accommodationName: NameOf;
  /** The student's case manager at the range's end, a staff member, by name; null for none. */
  caseManagerName: string | null;
  /** The school and district the student is at, by name; null where the student belongs to none. */
  school: string | null;
  district: string | null;
  /** A person by name as the reader may know them: a grantee who has not opened the student yet is not named. */
  personName: NameOnStudent;
}

/** One part of the packet: its title in the contents, and what it prints for the student and range. */
export interface PacketSection {
  title: string;
  blocks: (source: PacketSource) => Promise<PacketBlock[]>;
}
