/**
 * Starts read-ahead-worker.ts: a worker thread's entry file is loaded before any loader its execArgv
 * names, so this plain JavaScript entry registers the TypeScript loader first.
 */
import { register } from 'tsx/esm/api';

register();
await import('./read-ahead-worker.ts');
