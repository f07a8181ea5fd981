import type { TooltipProps } from 'antd';

/**
 * Every tooltip: it opens once the pointer has rested 700 ms (spec section 9; antd's default is 100 ms), and at once
 * when its anchor takes the keyboard focus, so that what it says is not for mouse users only (WCAG 1.4.13).
 */
export const TOOLTIP_PROPS = { mouseEnterDelay: 0.7, trigger: ['hover', 'focus'] } satisfies Partial<TooltipProps>;
