import type { ErrorRequestHandler } from 'express';
import { ZodError } from 'zod';
import { fieldErrors, type ApiError } from '@accommodate/shared-events/schemas/api-error';
import { WrongExpectedRevisionError } from '@accommodate/shared-events/event-store/event-store';
import type { Logger } from '@accommodate/shared-events/logging/logger';
import { routePattern } from './route-pattern.ts';
import {
  CHANGED_SINCE,
  ConcurrencyError,
  ForbiddenError,
  IllegalStateError,
  NotFoundError,
  ValidationError,
  type DomainError,
} from '@accommodate/shared-events/domain/errors';

/** A refusal only the edge knows of (sign-in, uploads, rate limits, malformed requests). Messages are written for the person at the screen and carry no record data. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** 429, in the one error shape, with Retry-After: the seconds until the next attempt may succeed. */
export class TooManyRequestsError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

export const notFound = (what = 'Record') => new HttpError(404, `${what} not found`);

export function toApiError(error: ZodError): ApiError {
  const errors = fieldErrors(error.issues);
  return { message: error.issues[0]?.message ?? 'Invalid input', errors };
}

/** Each domain refusal's status; the body is its message (and field errors). */
const DOMAIN_STATUSES: readonly [abstract new (...args: never[]) => DomainError, number][] = [
  [ValidationError, 400],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [IllegalStateError, 409],
  [ConcurrencyError, 412],
];

const domainStatusOf = (error: unknown): number | undefined => DOMAIN_STATUSES.find(([type]) => error instanceof type)?.[1];

/** A stale write's answer beside its message: the record as it now is, and the fields both changed when a merge found any. */
const staleDetails = (error: ConcurrencyError): Record<string, unknown> =>
  error.conflicts ? { current: error.current, conflicts: error.conflicts } : { current: error.current };

interface BodyParserError {
  type?: string;
  status?: number;
}

/** The one place errors become responses: the same shape everywhere, and never a stack trace. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) return;
    const send = (status: number, body: ApiError & Record<string, unknown>) => res.status(status).json(body);

    if (error instanceof TooManyRequestsError) res.set('Retry-After', String(error.retryAfterSeconds));
    if (error instanceof HttpError) return send(error.status, { message: error.message, ...error.extra });
    const domainStatus = domainStatusOf(error);
    if (domainStatus !== undefined && error instanceof Error) {
      const details = error instanceof IllegalStateError ? error.details : error instanceof ConcurrencyError ? staleDetails(error) : undefined;
      return send(domainStatus, { ...details, message: error.message, ...(error instanceof ValidationError && error.errors ? { errors: error.errors } : {}) });
    }
    if (error instanceof ZodError) return send(400, toApiError(error));
    if (error instanceof WrongExpectedRevisionError) {
      return send(412, { message: CHANGED_SINCE });
    }
    const bodyError = error as BodyParserError;
    if (bodyError?.type === 'entity.parse.failed') return send(400, { message: 'Malformed JSON in the request body' });
    if (bodyError?.type === 'entity.too.large') return send(413, { message: 'The request body is too large' });
    if (bodyError?.type === 'encoding.unsupported' || bodyError?.type === 'charset.unsupported') {
      return send(415, { message: 'Unsupported request encoding' });
    }
    if (typeof bodyError?.status === 'number' && bodyError.status >= 400 && bodyError.status < 500) {
      return send(bodyError.status, { message: 'The request could not be understood' });
    }
    logger.error('request failed', {
      method: req.method,
      route: routePattern(req) ?? 'unmatched',
      error: error instanceof Error ? error.name : typeof error,
    });
    return send(500, { message: 'Something went wrong on our side. Please try again.' });
  };
}
