import { Router } from 'express';
import type { Suggestion } from '@accommodate/shared-events/schemas/suggestion';
import { suggestAccommodations, suggestionReason } from '@accommodate/shared-events/domain/accommodation/suggested-accommodations';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { libraryQueries } from '@accommodate/projections/queries/accommodation-library-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadStudentFor } from '../../shared/student-access.ts';

/**
 * Suggested accommodations: counted over the students the caller may see now, offered from the caller's
 * own library (so that Add can save them), for a student the caller may see. Nothing leaves but counts and names.
 */
export function suggestionRoutes(context: AppContext): Router {
  const router = Router();
  const caseload = caseloadQueries(context.readStore);
  const library = libraryQueries(context.readStore);

  router.get('/api/students/:id/suggestions', async (req, res) => {
    const userId = requireUser(req);
    const now = context.now();
    const student = await loadStudentFor(context, userId, idParam(req), 'view');
    const [visible, templates, own] = await Promise.all([caseload.studentsVisibleTo(userId, now), library.templates(), library.ownedBy(userId)]);
    const suggestions = suggestAccommodations({
      has: student.accommodations,
      caseload: visible.map((doc) => doc.accommodations.map((accommodation) => accommodation.id)),
      candidates: [...templates, ...own].map(({ id, name, category, description }) => ({ id, name, category, description })),
    });
    res.json(suggestions.map((suggestion): Suggestion => ({ accommodation: suggestion.accommodation, reason: suggestionReason(suggestion), support: suggestion.together })));
  });

  return router;
}
