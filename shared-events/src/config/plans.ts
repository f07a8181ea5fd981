/**
 * One source of truth for prices and limits: the landing page, the upgrade page
 * and the server all read these, so they can never contradict each other again.
 */
export const FREE_STUDENT_LIMIT = 3;
export const PREMIUM_MONTHLY_PRICE_USD = 9.99;

export const formatPrice = (usd: number): string => `$${usd % 1 === 0 ? usd.toFixed(0) : usd.toFixed(2)}`;

export const studentLimitFor = (isPremium: boolean): number | null => (isPremium ? null : FREE_STUDENT_LIMIT);

export const SUPPORT_EMAIL = 'support@accommodate.school';
export const PRODUCT_NAME = 'Accommodate';
