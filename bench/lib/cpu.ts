import { readFileSync } from 'node:fs';

/**
 * CPU time (user + system) in ms from a /proc stat file: `/proc/<pid>/stat` for a whole process,
 * `/proc/self/task/<tid>/stat` for one thread. Steadier than wall time on a shared machine.
 */
export function cpuMsFromStat(statFile: string): number {
  // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are 14th and 15th.
  const fields = readFileSync(statFile, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
}

/** CPU ms a process has used so far. */
export const processCpuMs = (pid: number): number => cpuMsFromStat(`/proc/${pid}/stat`);

/**
 * Waits until a process is settled: under `busyShare` of a core over two seconds running, or `maxMs` (then it says so).
 * A product started on a generated log first does what a running one did long before: its workers raise the review
 * reminders due, whose events move every read model's stamp and so drop every cached answer. Measuring reads then
 * measures that catch-up, not the steady state the targets are about. Returns the ms it waited.
 */
export async function untilSettled(pid: number, { busyShare = 0.1, maxMs = 300_000 } = {}): Promise<{ ms: number; settled: boolean }> {
  const started = performance.now();
  let quietSeconds = 0;
  while (performance.now() - started < maxMs) {
    const before = processCpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    quietSeconds = processCpuMs(pid) - before < busyShare * 1_000 ? quietSeconds + 1 : 0;
    if (quietSeconds >= 2) return { ms: performance.now() - started, settled: true };
  }
  return { ms: performance.now() - started, settled: false };
}
