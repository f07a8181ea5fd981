import { lazy, Suspense, type ComponentType } from 'react';
import { PageLoader } from '../components/page-loader.tsx';

/** React.lazy plus its own Suspense boundary, so a loading page never blanks the shell around it. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return function LazyPage() {
    return (
      <Suspense fallback={<PageLoader />}>
        <Page />
      </Suspense>
    );
  };
}
