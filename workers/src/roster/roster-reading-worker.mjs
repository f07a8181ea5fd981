/**
 * Starts roster-reading-worker.ts: a worker thread's entry file is loaded before any loader its execArgv names, so
 * this plain JavaScript entry registers the TypeScript loader first (as the event store's read-ahead does).
 */
import { register } from 'tsx/esm/api';

register();
await import('./roster-reading-worker.ts');
