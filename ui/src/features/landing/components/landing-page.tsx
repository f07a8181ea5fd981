import { SiteFooter } from '../../../components/site-footer.tsx';
import { LandingTopBar } from './landing-top-bar.tsx';
import { LandingHero } from './landing-hero.tsx';
import { DemoStudentsTable } from './demo-students-table.tsx';
import { FeaturesSection } from './features-section.tsx';
import { PricingSection } from './pricing-section.tsx';
import { ClosingCallToAction } from './closing-call-to-action.tsx';
import './landing.css';

/** The visitor's page (spec section 2). Plain CSS only: this is the first thing a new teacher downloads. Its tab title is the root layout's default. */
export default function LandingPage() {
  return (
    <div className="landing">
      <LandingTopBar />
      <main id="main-content">
        <LandingHero />
        <DemoStudentsTable />
        <FeaturesSection />
        <PricingSection />
        <ClosingCallToAction />
      </main>
      <SiteFooter />
    </div>
  );
}
