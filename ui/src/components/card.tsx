import type { HTMLAttributes, ReactNode } from 'react';
import './card.css';

interface CardProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  title?: ReactNode;
  /** Beside the title, at its end: an action such as 'Download CSV'. */
  extra?: ReactNode;
  size?: 'small' | 'default';
}

/**
 * A titled panel that looks and is named as antd's Card (`ant-card`, `ant-card-head`, `ant-card-body`), without it:
 * antd's Card brings its tabs, their overflow menu and dropdown (about 12 KB gzipped) to every route that shows a
 * card, and no card here has tabs, a cover or actions. The class names are kept so that page styles and tests that
 * name them hold.
 */
export function Card({ title, extra, size = 'default', className, children, ...rest }: CardProps) {
  const classes = ['ant-card', 'ant-card-bordered', 'app-card', size === 'small' ? 'ant-card-small' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div className={classes} {...rest}>
      {title !== undefined || extra !== undefined ? (
        <div className="ant-card-head">
          <div className="ant-card-head-wrapper">
            {title !== undefined && <div className="ant-card-head-title">{title}</div>}
            {extra !== undefined && extra !== null && <div className="ant-card-extra">{extra}</div>}
          </div>
        </div>
      ) : null}
      <div className="ant-card-body">{children}</div>
    </div>
  );
}
