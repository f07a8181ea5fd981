// The benchmark's district-sized OneRoster zips are the specs' (a crash spec imports one too).
export { oneRosterZip, type RosterSize } from '@accommodate/workers/roster/roster-zip-fixtures';
