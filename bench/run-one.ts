import { writeFileSync } from 'node:fs';
import { BENCHMARKS } from './lib/benchmarks.ts';

/**
 * One benchmark in a process of its own, started by run-all: `run-one.ts <name> <out.json> [--quick]`.
 * A benchmark that ran after others in their process measured their leftovers too: the 100 k rebuild
 * ran at 40-43 k events/s after the live benchmark in the same process and at 47-51 k in a fresh one,
 * which is how the product runs a rebuild (the projections process, or `npm run rebuild`).
 */
const [name, outFile] = process.argv.slice(2);
const benchmark = name ? BENCHMARKS[name] : undefined;
if (!benchmark || !outFile) {
  console.error(`usage: run-one.ts <${Object.keys(BENCHMARKS).join('|')}> <out.json> [--quick]`);
  process.exit(2);
}
const section = await benchmark({ quick: process.argv.includes('--quick') });
writeFileSync(outFile, JSON.stringify(section));
// Whatever a benchmark left open (a pool, a socket) must not keep this process or the run waiting.
process.exit(0);
