/**
 * Structured logs, one JSON object per line. Callers pass only operational facts
 * (routes as patterns, event types, counts, error names), never record contents:
 * the records are FERPA-protected education records.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export function createLogger(component: string, level: LogLevel = 'info'): Logger {
  const write = (at: Exclude<LogLevel, 'silent'>, message: string, fields?: LogFields) => {
    if (ORDER[at] < ORDER[level]) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: at, component, message, ...fields });
    (at === 'error' || at === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
  };
  return {
    debug: (message, fields) => write('debug', message, fields),
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}
