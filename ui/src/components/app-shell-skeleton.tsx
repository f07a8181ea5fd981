import './app-shell-skeleton.css';

/** Spec section 2: skeleton placeholders while authentication loads. No antd, so it can show instantly. */
export function AppShellSkeleton() {
  return (
    <div className="shell-skeleton" role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">Loading your account</span>
      <div className="shell-skeleton__bar">
        <span className="skeleton-block" style={{ width: 140, height: 24 }} />
        <span className="skeleton-block shell-skeleton__wide" style={{ width: 260, height: 32 }} />
        <span className="skeleton-block" style={{ width: 32, height: 32, borderRadius: '50%' }} />
      </div>
      <div className="shell-skeleton__content">
        <span className="skeleton-block" style={{ width: '40%', height: 32 }} />
        <span className="skeleton-block" style={{ width: '60%', height: 16 }} />
        <div className="shell-skeleton__cards">
          {[0, 1, 2].map((card) => (
            <span key={card} className="skeleton-block" style={{ height: 140 }} />
          ))}
        </div>
      </div>
    </div>
  );
}
