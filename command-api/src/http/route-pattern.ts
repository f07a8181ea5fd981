import type { Request } from 'express';
import { z } from 'zod';

const routeSchema = z.object({ path: z.string() });

/** The matched route's pattern (`/api/students/:id`), never the URL with its ids, so it is safe to log. Express types `req.route` as any. */
export function routePattern(req: Request): string | undefined {
  const parsed = routeSchema.safeParse(req.route);
  return parsed.success ? parsed.data.path : undefined;
}
