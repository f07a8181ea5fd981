import { Router } from 'express';
import type { AppContext } from '../../framework/command-context.ts';
import { documentRoutes } from '../documents/document-routes.ts';
import { planRoutes } from '../plans/plan-routes.ts';
import { shareRoutes } from '../sharing/share-routes.ts';
import { studentRoutes } from './student-routes.ts';

/** Students, their plans, documents and shares; the document bytes live in one store shared by their routes. */
export function caseloadRoutes(context: AppContext): Router {
  const { blobs } = context;
  const router = Router();
  router.use(studentRoutes(context), planRoutes(context), documentRoutes(context, blobs), shareRoutes(context));
  return router;
}
