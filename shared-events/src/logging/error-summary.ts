import type { Logger } from './logger.ts';

/**
 * What an error may say in a log: its class and code, never its message. Messages from a mail server, a store or a
 * job handler can echo an address or a student's name, and the records are FERPA-protected.
 */
export function summariseError(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const code: unknown = Reflect.get(error, 'code');
  return typeof code === 'string' || typeof code === 'number' ? `${error.name} (${code})` : error.name;
}

/**
 * A connection's errors repeat on every reconnect attempt: one log line per change of error, and again after `reset`
 * (the connection came back).
 */
export function connectionErrorReporter(logger: Logger, message: string): { report: (error: unknown) => void; reset: () => void } {
  let last = '';
  return {
    report: (error) => {
      const summary = summariseError(error);
      if (summary === last) return;
      last = summary;
      logger.error(message, { error: summary });
    },
    reset: () => {
      last = '';
    },
  };
}
