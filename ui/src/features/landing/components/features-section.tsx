const FEATURES = [
  { title: 'One dashboard for every accommodation', text: 'See every student and every accommodation you are responsible for on one screen.' },
  { title: 'Group by student or type', text: 'Switch between a per-student view and a per-accommodation view in one click.' },
  { title: 'Filter by class or grade', text: 'Narrow the list to the grade level or class period in front of you right now.' },
  { title: 'Print-friendly lists', text: 'Print a clean, one-page summary for a test day, a field trip or a sub folder.' },
  { title: 'Works on your phone', text: 'Check a plan from the hallway or the playground: every screen fits a phone.' },
  { title: 'Share with substitutes and co-teachers', text: 'Give the people who cover your class the accommodations they need, and nothing more.' },
  { title: 'Compare students', text: 'Put students side by side to plan small groups and seating.' },
  { title: 'Spot common accommodations', text: 'See which supports many students share, so one change in routine helps them all.' },
] as const;

export function FeaturesSection() {
  return (
    <section id="features" className="landing-section" aria-labelledby="features-title">
      <div className="landing-container">
        <p className="landing-eyebrow">Features</p>
        <h2 id="features-title" className="landing-section__title">
          Built around the way teachers actually use 504 plans
        </h2>
        <p className="landing-section__lead">
          Less time hunting through binders and shared drives, more time teaching.
        </p>
        <ul className="landing-features">
          {FEATURES.map((feature, index) => (
            <li key={feature.title} className="landing-feature">
              <span className="landing-feature__number" aria-hidden="true">
                {String(index + 1).padStart(2, '0')}
              </span>
              <h3 className="landing-feature__title">{feature.title}</h3>
              <p className="landing-feature__text">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
