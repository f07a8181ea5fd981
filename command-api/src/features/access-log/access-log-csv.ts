import { csvOf } from '../../shared/csv-cell.ts';
import { accessRoleLabel, type AccessLogEntry } from '@accommodate/shared-events/schemas/access-log';

export function accessLogCsv(entries: readonly AccessLogEntry[]): string {
  const header = ['When (UTC)', 'Who', 'Role', 'User id', 'Action', 'What', 'IP address', 'User agent'];
  const rows = entries.map((entry) => [entry.at, entry.user.name, accessRoleLabel(entry.role), entry.user.id, entry.action, entry.what, entry.ip, entry.userAgent]);
  return csvOf([header, ...rows]);
}
