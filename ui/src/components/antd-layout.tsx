import { useMemo, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { ConfigProvider, theme } from 'antd';
// The ES build of the default locale: `antd/locale/en_US` is CommonJS and drags a second copy of antd/lib pieces in.
import enUS from 'antd/es/locale/en_US';
import { appTheme } from './app-theme.ts';
import { usePrefersReducedMotion } from '../lib/prefers-reduced-motion.ts';

/**
 * The text styles antd's <App> gives its wrapper. <App> itself is not used: it mounts the
 * message, notification and modal hooks (about 18 KB gzipped) on every page, and no page needs
 * them (toasts are the app's own, components/toast-viewport.tsx).
 */
function AppText({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>
      {children}
    </div>
  );
}

/**
 * antd's theme for every page except the landing page, which is plain CSS so
 * that a first-time visitor does not download the component library.
 */
export default function AntdLayout({ children }: { children?: ReactNode }) {
  // A user who asked their system for less motion gets dialogs, menus and toasts without antd's zoom and slide effects.
  const reducedMotion = usePrefersReducedMotion();
  const themeConfig = useMemo(() => (reducedMotion ? { ...appTheme, token: { ...appTheme.token, motion: false } } : appTheme), [reducedMotion]);
  return (
    <ConfigProvider theme={themeConfig} locale={enUS}>
      <AppText>{children ?? <Outlet />}</AppText>
    </ConfigProvider>
  );
}
