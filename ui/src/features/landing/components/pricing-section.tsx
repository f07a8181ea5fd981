import { Link } from 'react-router-dom';
import { FREE_STUDENT_LIMIT, PREMIUM_MONTHLY_PRICE_USD, formatPrice } from '@accommodate/shared-events/config/plans';

interface Tier {
  name: string;
  price: string;
  period?: string;
  description: string;
  features: string[];
  cta: { label: string; to: string };
  highlighted?: boolean;
}

// Prices and the free limit come only from the shared config, the same one the
// upgrade page and the server read, so the three can never disagree.
const TIERS: Tier[] = [
  {
    name: 'Free',
    price: formatPrice(0),
    period: '/month',
    description: 'For trying it out with a few students.',
    features: [`Up to ${FREE_STUDENT_LIMIT} students`, 'Basic accommodation tracking', 'Single classroom view'],
    cta: { label: 'Get started', to: '/register' },
  },
  {
    name: 'Premium',
    price: formatPrice(PREMIUM_MONTHLY_PRICE_USD),
    period: '/month',
    description: 'For teachers with a full caseload.',
    features: ['Unlimited students', 'Advanced tracking', 'Multiple classroom views', 'Plan review reminders'],
    cta: { label: 'Start with Premium', to: '/register' },
    highlighted: true,
  },
  {
    name: 'District',
    price: 'Custom',
    description: 'For schools and districts.',
    features: ['Unlimited accounts', 'District-wide tracking', 'Admin accommodation dashboard', 'Dedicated support'],
    cta: { label: 'Contact Sales', to: '/contact' },
  },
];

export function PricingSection() {
  return (
    <section id="pricing" className="landing-section landing-section--tinted" aria-labelledby="pricing-title">
      <div className="landing-container">
        <p className="landing-eyebrow">Pricing</p>
        <h2 id="pricing-title" className="landing-section__title">
          Simple pricing for classrooms and districts
        </h2>
        <ul className="landing-pricing">
          {TIERS.map((tier) => (
            <li key={tier.name} className={tier.highlighted ? 'landing-tier landing-tier--highlighted' : 'landing-tier'}>
              {tier.highlighted ? <span className="landing-tier__badge">Most popular</span> : null}
              <h3 className="landing-tier__name">{tier.name}</h3>
              <p className="landing-tier__price">
                <span className="landing-tier__amount">{tier.price}</span>
                {tier.period ? <span className="landing-tier__period">{tier.period}</span> : null}
              </p>
              <p className="landing-tier__description">{tier.description}</p>
              <ul className="landing-tier__features">
                {tier.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <Link
                to={tier.cta.to}
                className={tier.highlighted ? 'landing-button landing-button--primary landing-button--block' : 'landing-button landing-button--outline landing-button--block'}
              >
                {tier.cta.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
