import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { appTheme } from './app-theme.ts';

/**
 * antd's theme for every page except the landing page, which is plain CSS so
 * that a first-time visitor does not download the component library.
 */
export default function AntdLayout({ children }: { children?: ReactNode }) {
  return (
    <ConfigProvider theme={appTheme} locale={enUS}>
      <AntdApp>{children ?? <Outlet />}</AntdApp>
    </ConfigProvider>
  );
}
