import type { BenchOptions, BenchSection } from './report.ts';
import { writesBenchmark } from '../writes.bench.ts';
import { readsBenchmark } from '../reads.bench.ts';
import { liveBenchmark } from '../live.bench.ts';
import { rebuildBenchmark } from '../rebuild.bench.ts';
import { startupBenchmark } from '../startup.bench.ts';
import { uiBenchmark } from '../ui.bench.ts';
import { memoryBenchmark } from '../memory.bench.ts';
import { registrationBenchmark } from '../registration.bench.ts';
import { classesBenchmark } from '../classes.bench.ts';
import { implementationLogBenchmark } from '../implementation-log.bench.ts';
import { districtBenchmark } from '../district.bench.ts';
import { rosterBenchmark } from '../roster.bench.ts';
import { postgresBenchmark } from '../postgres.bench.ts';

/** Every benchmark of `npm run bench`, in the order it runs them. */
export const BENCHMARKS: Record<string, (options: BenchOptions) => Promise<BenchSection>> = {
  writes: writesBenchmark,
  reads: readsBenchmark,
  live: liveBenchmark,
  rebuild: rebuildBenchmark,
  startup: startupBenchmark,
  ui: uiBenchmark,
  memory: memoryBenchmark,
  registration: registrationBenchmark,
  classes: classesBenchmark,
  'implementation-log': implementationLogBenchmark,
  district: districtBenchmark,
  roster: rosterBenchmark,
  postgres: postgresBenchmark,
};
