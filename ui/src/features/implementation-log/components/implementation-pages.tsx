import { useLocation } from 'react-router-dom';
import DayViewPage from './day-view-page.tsx';
import CoveragePage from './coverage-page.tsx';

/**
 * The implementation log's two pages as one lazy route chunk: one entry in the router's preload table instead of two,
 * since every route's first load carries that table (the student edit route is at its size budget).
 */
export default function ImplementationPages() {
  return useLocation().pathname.endsWith('/coverage') ? <CoveragePage /> : <DayViewPage />;
}
