/**
 * What a failed job may say in a log. Handler errors can carry personal data
 * (a mail server echoing an address, a student name in a message), so only the
 * error's class and code are logged, never its message.
 */
export function describeJobFailure(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as Error & { code?: unknown }).code;
    return typeof code === 'string' || typeof code === 'number' ? `${error.name} (${code})` : error.name;
  }
  return typeof error;
}
