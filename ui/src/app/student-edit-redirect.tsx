import type { ReactNode } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';

/** Spec section 2: /students/:id?edit=true is the old address of the edit form. */
export function StudentEditRedirect({ children }: { children: ReactNode }) {
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  if (id && searchParams.get('edit') === 'true') {
    return <Navigate to={`/students/edit/${encodeURIComponent(id)}`} replace />;
  }
  return children;
}
