import type { Request } from 'express';

/** The address limits count by: Express's `req.ip`, which honours TRUST_PROXY (the proxy's X-Forwarded-For). */
export const clientAddress = (req: Request): string => req.ip ?? 'unknown';
