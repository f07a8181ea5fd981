import type { ThemeConfig } from 'antd';

export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: '#4f46e5',
    colorLink: '#4f46e5',
    // antd lightens the primary colour for hover and darkens it for a press: lighter, white text on a button just
    // clicked falls below 4.5:1. Both go darker instead.
    colorPrimaryHover: '#4338ca',
    colorPrimaryActive: '#3730a3',
    // WCAG 2.1 AA (4.5:1 on white): antd's secondary, tertiary and placeholder greys are too faint.
    colorTextSecondary: '#595959',
    colorTextTertiary: '#595959',
    colorTextDescription: '#595959',
    colorTextPlaceholder: '#6e6e6e',
    colorSuccess: '#237804',
    colorError: '#cf1322',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
};
