import { describe, expect, it } from 'vitest';
import type { DistrictErasureEvent } from '../../events/district-erasure-events.ts';
import { fold } from '../decider.ts';
import { DeciderSpecification } from '../testing/decider-specification.ts';
import { districtErasureDecider } from './district-erasure.ts';

// Erasing a district as a job: asked for once, resumed when asked again, its progress and outcome.
const spec = DeciderSpecification.for(districtErasureDecider);
const requested: DistrictErasureEvent = { type: 'DistrictErasureRequested', data: { districtId: 'd1', requestedBy: 'dana' } };
const progressed = (done: number, total: number, erasing: string[]): DistrictErasureEvent => ({ type: 'DistrictErasureProgressed', data: { districtId: 'd1', done, total, erasing } });
const finished = (outcome: 'done' | 'failed', studentsErased: number, message: string | null = null): DistrictErasureEvent => ({
  type: 'DistrictErasureFinished',
  data: { districtId: 'd1', outcome, studentsErased, message },
});
const request = { type: 'RequestDistrictErasure' as const, districtId: 'd1', userId: 'dana' };
const statusOf = (events: DistrictErasureEvent[]) => fold(districtErasureDecider, events);

describe('a district’s erasure job', () => {
  it('is asked for once: asked again while queued or running, nothing new is written (the same job resumes)', () => {
    spec.given([]).when(request).then([requested]);
    spec.given([requested]).when(request).then([]);
    spec.given([requested, progressed(0, 3, ['s1'])]).when(request).then([]);
  });

  it('is asked for again after a failed run, keeping what that run erased; never after it is done', () => {
    spec.given([requested, progressed(1, 3, ['s2']), finished('failed', 1, '1 record is on legal hold')]).when(request).then([requested]);
    expect(statusOf([requested, progressed(1, 3, ['s2']), finished('failed', 1), requested])).toMatchObject({ status: 'queued', progress: { done: 1, total: 3 }, message: null });
    spec.given([requested, finished('done', 3)]).when(request).then([]);
  });

  it('is queued, then running with its progress and the batch under way, then done with every record counted', () => {
    expect(statusOf([requested])).toMatchObject({ status: 'queued', progress: { done: 0, total: 0 }, requestedBy: 'dana', erasing: [] });
    expect(statusOf([requested, progressed(2, 5, ['s3', 's4'])])).toMatchObject({ status: 'running', progress: { done: 2, total: 5 }, erasing: ['s3', 's4'] });
    expect(statusOf([requested, progressed(2, 5, ['s3', 's4']), finished('done', 5)])).toMatchObject({ status: 'done', progress: { done: 5, total: 5 }, studentsErased: 5, erasing: [] });
  });

  it('records progress and an outcome only for an unfinished run', () => {
    spec.given([]).when({ type: 'RecordErasureProgress', districtId: 'd1', done: 0, total: 1, erasing: [] }).then([]);
    spec.given([requested, finished('done', 0)]).when({ type: 'FinishDistrictErasure', districtId: 'd1', outcome: 'failed', studentsErased: 0, message: 'x' }).then([]);
    spec.given([requested]).when({ type: 'FinishDistrictErasure', districtId: 'd1', outcome: 'done', studentsErased: 0, message: null }).then([finished('done', 0)]);
  });
});
