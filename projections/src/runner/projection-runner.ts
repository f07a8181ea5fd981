import type { Position } from '@accommodate/shared-events/events/envelope';
import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import type { Logger } from '@accommodate/shared-events/logging/logger';
import { sleep } from '@accommodate/shared-events/timing/sleep';
import type { Change, Projection } from '../definitions/projection.ts';
import type { ChangePublisher } from '../realtime/change-publisher.ts';
import type { ReadStore } from '../store/read-store.ts';
import { publishToStudentViewers } from '../realtime/student-viewers.ts';
import { BuildNotFoundError } from '../store/build-not-found-error.ts';
import { applyInCommits, buildTarget, createFreshBuild, ProjectionApplyError, SERVING_COMMIT_WRITES, type BuildTarget } from './apply-batch.ts';
import { liveBatches } from './live-batches.ts';
import { rebuildProjections } from './rebuild.ts';
import { FRESH_BUILD_BATCH_SIZE, REPLAY_BATCH_SIZE, replayInto, READ_AHEAD_ABOVE } from './replay.ts';

export interface StartProjectionsOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  projections: readonly Projection[];
  /** Receives each committed batch's announced changes; absent in processes nobody watches. */
  publisher?: ChangePublisher;
  /** Most events applied per live commit. */
  batchSize?: number;
  /** Events per commit while a build catches up (a new build: FRESH_BUILD_BATCH_SIZE unless set). */
  replayBatchSize?: number;
  logger?: Logger;
  /** First retry delay after a failure; doubles up to maxRetryDelayMs. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
}

export interface ProjectionStatus {
  projection: string;
  version: number;
  /** Whether the build at this version serves reads (false while a new build catches up). */
  serving: boolean;
  checkpoint: Position | null;
  /** Set while the projection is failing and backing off. */
  failing: boolean;
}

export interface ProjectionRunner {
  /** Resolves true once every projection's serving build has applied `position`, false on timeout. */
  waitForPosition(position: Position, timeoutMs: number): Promise<boolean>;
  /** Whether every projection serves its current version and has reached the head of the log. */
  caughtUp(): Promise<boolean>;
  status(): ProjectionStatus[];
  /** Whether a projection has no build serving its current version yet (a first start, an upgrade, a restore's rebuild) or is failing. */
  rebuilding(): boolean;
  stop(): Promise<void>;
}

interface RunState {
  projection: Projection;
  target: BuildTarget | null;
  serving: boolean;
  failing: boolean;
  /** A newer version is active: another deployment owns this projection now. */
  retired: boolean;
}

interface Waiter {
  position: Position;
  resolve(reached: boolean): void;
}

const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * Runs every projection: makes sure a build at its current version serves reads
 * (blue-green: a new build catches up beside the old one, which serves until the
 * swap), then follows the log, committing each batch with its checkpoint and only
 * then announcing its changes. A failing projection logs its name and the event
 * type, and retries with backoff; the others carry on.
 */
export async function startProjections(options: StartProjectionsOptions): Promise<ProjectionRunner> {
  const { eventStore, readStore } = options;
  const logger = options.logger ?? silentLogger;
  const batchSize = options.batchSize ?? 500;
  const replayBatchSize = options.replayBatchSize ?? REPLAY_BATCH_SIZE;
  const freshBuildBatchSize = options.replayBatchSize ?? FRESH_BUILD_BATCH_SIZE;
  const retryDelayMs = options.retryDelayMs ?? 250;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 30_000;
  const stopping = new AbortController();
  const signal = stopping.signal;
  const waiters = new Set<Waiter>();
  const states: RunState[] = options.projections.map((projection) => ({
    projection,
    target: null,
    serving: false,
    failing: false,
    retired: false,
  }));

  const reached = (position: Position): boolean =>
    states.every((s) => s.retired || (s.serving && s.target?.checkpoint != null && s.target.checkpoint >= position));

  const progressed = () => {
    for (const waiter of waiters) if (reached(waiter.position)) waiter.resolve(true);
  };

  /**
   * Projections with no build at their version yet (a first start, an upgrade) are built in one pass over the
   * log, by a rebuild of those: each building alone read and deciphered the whole log once per projection, and the
   * first start on 100,000 events took 16 s against 2 s for a rebuild. On any failure the builds made here are
   * left unserved and each projection builds alone (`currentBuild`), retrying with backoff while the others
   * carry on; activating a later build drops them.
   */
  async function buildMissingTogether(): Promise<void> {
    const missing: Projection[] = [];
    for (const { projection } of states) {
      const active = await readStore.activeBuild(projection.name);
      if (!active || active.version < projection.version) missing.push(projection);
    }
    if (missing.length < 2) return;
    try {
      await rebuildProjections({ eventStore, readStore, projections: missing, batchSize: freshBuildBatchSize, logger, signal });
    } catch (error) {
      if (!signal.aborted) logger.warn('Building the projections together failed; each builds alone', { error: errorName(error) });
    }
  }

  /** The build that should serve reads now, made and caught up first if the active one is older. */
  async function currentBuild(state: RunState): Promise<BuildTarget | null> {
    const { projection } = state;
    const active = await readStore.activeBuild(projection.name);
    if (active && active.version === projection.version) return buildTarget(projection, active, active.checkpoint);
    if (active && active.version > projection.version) {
      logger.warn('A newer version of the projection is active; this process leaves it alone', {
        projection: projection.name,
        version: projection.version,
        activeVersion: active.version,
      });
      return null;
    }
    logger.info('Building projection beside the serving build', {
      projection: projection.name,
      version: projection.version,
      replacesVersion: active?.version ?? null,
    });
    const target = await createFreshBuild(readStore, projection);
    const { build } = target;
    state.target = target;
    const started = performance.now();
    const events = await replayInto(eventStore, readStore, [target], { after: null, batchSize: freshBuildBatchSize, signal, readAheadAbove: READ_AHEAD_ABOVE });
    // Once swapped in, other processes' runners may write to the build too.
    target.memo = undefined;
    if (signal.aborted) return null;
    await readStore.finishBuild(build);
    await readStore.activate(build);
    logger.info('Projection build swapped in', {
      projection: projection.name,
      version: projection.version,
      events,
      ms: Math.round(performance.now() - started),
    });
    return target;
  }

  /** Runs once a batch has committed: progress first, then the changes it announced. */
  function committed(state: RunState, changes: readonly Change[]): void {
    state.failing = false;
    progressed();
    const failed = (error: unknown) => logger.warn('Publishing a change failed', { projection: state.projection.name, error: errorName(error) });
    const toViewers = new Map<string, Change>();
    for (const change of changes) {
      // Once per student and record, however many of the batch's events named it.
      if (change.viewersOf !== undefined) toViewers.set(`${change.viewersOf}|${change.message.entity}|${change.message.id}`, change);
      if (change.viewersOf !== undefined && change.audience.length === 0) continue;
      try {
        options.publisher?.publish(change.message, change.audience);
      } catch (error) {
        failed(error);
      }
    }
    // A student's viewers are read now that the batch is in.
    if (toViewers.size > 0 && options.publisher) void publishToStudentViewers(readStore, options.publisher, [...toViewers.values()], failed);
  }

  async function follow(state: RunState, target: BuildTarget): Promise<void> {
    // Catch up in large batches first (after a restart or a failure); then follow live, in smaller ones.
    await replayInto(eventStore, readStore, [target], {
      after: target.checkpoint,
      batchSize: replayBatchSize,
      maxWritesPerCommit: SERVING_COMMIT_WRITES,
      signal,
      committed: (_, changes) => committed(state, changes),
    });
    const live = { after: target.checkpoint, signal };
    const batches = eventStore.subscribeToAllPages
      ? eventStore.subscribeToAllPages({ ...live, maxPage: batchSize })
      : liveBatches(eventStore.subscribeToAll(live), batchSize);
    for await (const batch of batches) {
      if (signal.aborted) return;
      await applyInCommits(readStore, target, batch, (changes) => committed(state, changes));
    }
  }

  async function run(state: RunState): Promise<void> {
    let failures = 0;
    while (!signal.aborted) {
      try {
        const target = await currentBuild(state);
        if (!target) {
          state.retired = !signal.aborted;
          progressed();
          return;
        }
        state.target = target;
        state.serving = true;
        failures = 0;
        progressed();
        await follow(state, target);
        return;
      } catch (error) {
        if (signal.aborted) return;
        state.serving = false;
        if (error instanceof BuildNotFoundError || (error instanceof ProjectionApplyError && error.cause instanceof BuildNotFoundError)) {
          // A rebuild swapped in a newer build: move to it at once.
          logger.info('Projection build was replaced; following the new one', { projection: state.projection.name });
          continue;
        }
        failures += 1;
        state.failing = true;
        const delay = Math.min(maxRetryDelayMs, retryDelayMs * 2 ** (failures - 1));
        logger.error('Projection failed; retrying', {
          projection: state.projection.name,
          eventType: error instanceof ProjectionApplyError ? error.eventType : null,
          error: errorName(error instanceof ProjectionApplyError ? error.cause : error),
          at: firstFrame(error instanceof ProjectionApplyError ? error.cause : error),
          failures,
          retryInMs: delay,
        });
        await sleep(delay, signal);
      }
    }
  }

  const builtTogether = buildMissingTogether();
  const running = states.map(async (state) => {
    await builtTogether;
    await run(state);
  });

  return {
    async waitForPosition(position, timeoutMs) {
      if (reached(position)) return true;
      if (signal.aborted) return false;
      return new Promise<boolean>((resolve) => {
        const waiter: Waiter = {
          position,
          resolve: (value) => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve(value);
          },
        };
        const timer = setTimeout(() => waiter.resolve(false), timeoutMs);
        waiters.add(waiter);
      });
    },

    async caughtUp() {
      const head = await eventStore.headPosition();
      if (!states.every((s) => s.retired || s.serving)) return false;
      return head === null || reached(head);
    },

    status: () =>
      states.map((s) => ({
        projection: s.projection.name,
        version: s.projection.version,
        serving: s.serving,
        checkpoint: s.target?.checkpoint ?? null,
        failing: s.failing,
      })),

    rebuilding: () => states.some((s) => !s.retired && !s.serving),

    async stop() {
      stopping.abort();
      for (const waiter of waiters) waiter.resolve(false);
      await Promise.all(running);
    },
  };
}

const errorName = (error: unknown): string => (error instanceof Error ? error.name : typeof error);

/** Where it failed, as a code location: frames carry file paths, never record data. */
function firstFrame(error: unknown): string | null {
  if (!(error instanceof Error) || !error.stack) return null;
  return error.stack.split('\n').find((line) => line.trim().startsWith('at '))?.trim() ?? null;
}
