import { lazy, Suspense, type ComponentProps } from 'react';

// A second step of lazy loading: the edit page's own chunk names only this small module, not the dialog's many
// chunks (Vite lists every chunk a dynamic import needs at the call site, which cost the page 1 KB).
const PlanAmendmentOffer = lazy(() => import('./plan-amendment-offer.tsx'));

export default function PlanAmendmentOfferLoader(props: ComponentProps<typeof PlanAmendmentOffer>) {
  return (
    <Suspense fallback={null}>
      <PlanAmendmentOffer {...props} />
    </Suspense>
  );
}
