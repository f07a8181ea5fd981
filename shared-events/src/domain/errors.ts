/**
 * Refusals by the domain, after emmett's: deciders and access rules throw these and know nothing of HTTP. One
 * mapping at the edge (command-api/src/http/errors.ts) turns each into a status and the one error shape
 * `{message, errors?}`. Messages are written for the person at the screen and carry no record data.
 */
export abstract class DomainError extends Error {}

/** Input the rules refuse (400), with the message per field where there is one. */
export class ValidationError extends DomainError {
  override readonly name = 'ValidationError';
  constructor(
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }

  /** The common case: one field, whose message is the whole message. */
  static onField(field: string, message: string): ValidationError {
    return new ValidationError(message, { [field]: message });
  }
}

/** Nothing there, or nothing the user may know is there (404): `${what} not found`. */
export class NotFoundError extends DomainError {
  override readonly name = 'NotFoundError';
  constructor(what = 'Record') {
    super(`${what} not found`);
  }
}

/** Seen but not allowed (403). */
export class ForbiddenError extends DomainError {
  override readonly name = 'ForbiddenError';
  constructor(message = 'You do not have access to this record') {
    super(message);
  }
}

/**
 * Not possible in the record's present state (409): it already exists, the e-mail is taken. `details` go in the
 * answer beside the message, for a refusal the person can act on (what a domain's DNS showed instead of the record).
 */
export class IllegalStateError extends DomainError {
  override readonly name = 'IllegalStateError';
  constructor(
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const CHANGED_SINCE = 'This record was changed by someone else since you opened it.';

/**
 * Someone else wrote the record after the revision the person saw (412). `current` is the record as it now is, to
 * merge against, and `conflicts` the fields both changed, when a merge found any.
 */
export class ConcurrencyError extends DomainError {
  override readonly name = 'ConcurrencyError';
  constructor(
    readonly current: unknown,
    readonly conflicts?: readonly unknown[],
    message = CHANGED_SINCE,
  ) {
    super(message);
  }
}
