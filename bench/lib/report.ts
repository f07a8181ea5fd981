/** What one benchmark hands back to run-all: its markdown and its verdict per target. */
export interface TargetCheck {
  target: string;
  measured: string;
  met: boolean;
}

export interface BenchSection {
  title: string;
  /** Markdown lines: a table of what was measured, and notes. */
  lines: string[];
  targets: TargetCheck[];
}

export interface BenchOptions {
  quick: boolean;
}

export const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export const ratio = (a: number, b: number): string => (b === 0 ? 'n/a' : `${fmt((a / b) * 100, 0)} %`);

export function table(header: string[], rows: (string | number)[][]): string[] {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.map(String).join(' | ')} |`),
  ];
}

/** The middle value (the upper one of an even count). */
export function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}
