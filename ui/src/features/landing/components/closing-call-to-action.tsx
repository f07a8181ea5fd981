import { Link } from 'react-router-dom';

export function ClosingCallToAction() {
  return (
    <section className="landing-cta" aria-labelledby="landing-cta-title">
      <div className="landing-container landing-cta__inner">
        <h2 id="landing-cta-title" className="landing-cta__title">
          Ready to have every accommodation at your fingertips?
        </h2>
        <p className="landing-cta__text">Set up your first students in minutes. No credit card needed.</p>
        <Link to="/register" className="landing-button landing-button--light landing-button--large">
          Get started for free
        </Link>
      </div>
    </section>
  );
}
