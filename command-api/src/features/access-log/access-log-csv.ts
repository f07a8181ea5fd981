import { accessRoleLabel, type AccessLogEntry } from '@accommodate/shared-events/schemas/access-log';

/** RFC 4180 quoting; a leading =, +, - or @ is defused so a spreadsheet never runs it as a formula. */
export function csvCell(value: string | null): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function accessLogCsv(entries: readonly AccessLogEntry[]): string {
  const header = ['When (UTC)', 'Who', 'Role', 'User id', 'Action', 'What', 'IP address', 'User agent'];
  const rows = entries.map((entry) => [entry.at, entry.user.name, accessRoleLabel(entry.role), entry.user.id, entry.action, entry.what, entry.ip, entry.userAgent]);
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
