import type { CSSProperties, ReactNode } from 'react';
import { theme } from 'antd';

/**
 * Typography.Text's look (colour, line height, strong weight) without Typography, whose copy,
 * edit and ellipsis features bring Tooltip and TextArea along; for places that show plain text only.
 */
export function PlainText({ type, strong, style, children }: { type?: 'secondary'; strong?: boolean; style?: CSSProperties; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <span
      style={{
        color: type === 'secondary' ? token.colorTextDescription : token.colorText,
        wordBreak: 'break-word',
        lineHeight: token.lineHeight,
        ...style,
      }}
    >
      {strong ? <strong style={{ fontWeight: token.fontWeightStrong }}>{children}</strong> : children}
    </span>
  );
}
