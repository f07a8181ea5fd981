import { Link } from 'react-router-dom';

export function LandingHero() {
  return (
    <section className="landing-hero" aria-labelledby="landing-hero-title">
      <div className="landing-container">
        <p className="landing-eyebrow">For K-12 teachers and school staff</p>
        <h1 id="landing-hero-title" className="landing-hero__title">
          Every student's 504 accommodations, <span className="landing-gradient-text">at a glance</span>
        </h1>
        <p className="landing-hero__lead">
          Keep each student's plan, accommodations, documents and notes in one organised place. Group, filter and print
          them for your classroom, and share them with the substitute or co-teacher who needs them tomorrow morning.
        </p>
        <div className="landing-hero__actions">
          <Link to="/register" className="landing-button landing-button--primary landing-button--large">
            Create a plan
          </Link>
          <a href="#features" className="landing-button landing-button--ghost landing-button--large">
            See how it works
          </a>
        </div>
      </div>
    </section>
  );
}
