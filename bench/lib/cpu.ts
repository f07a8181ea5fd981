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
