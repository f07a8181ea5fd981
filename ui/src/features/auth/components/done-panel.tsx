import { useEffect, useRef, type ReactNode } from 'react';
import { CheckCircleOutlined, MailOutlined } from '@ant-design/icons';

/**
 * What a page shows once its request is done: an icon, a heading that takes the focus (so a screen reader announces
 * the new state), the explanation and what to do next.
 */
export function DonePanel({ title, tone = 'mail', children }: { title: string; tone?: 'mail' | 'success'; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="public-page__done">
      {tone === 'mail' ? (
        <MailOutlined className="public-page__done-icon" aria-hidden />
      ) : (
        <CheckCircleOutlined className="public-page__done-icon public-page__done-icon--success" aria-hidden />
      )}
      <h1 className="public-page__title" tabIndex={-1} ref={heading}>
        {title}
      </h1>
      {children}
    </div>
  );
}
