/** A spinner without antd, used while a route's code or the current user loads. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <div className="page-loader__spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
