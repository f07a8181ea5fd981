import { createElement, useMemo, type ReactNode } from 'react';
import { parseNotes, type CleanNode } from './notes-html.ts';

/** Renders notes HTML as React elements built from the allow-list: no innerHTML anywhere. */
export function SafeNotes({ html }: { html: string }) {
  const nodes = useMemo(() => parseNotes(html), [html]);
  return <div className="student-notes">{render(nodes)}</div>;
}

function render(nodes: CleanNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (node.kind === 'text') return node.text;
    const props: Record<string, unknown> = { key: index };
    if (node.tag === 'a') {
      if (node.href) props.href = node.href;
      props.target = '_blank';
      props.rel = 'noopener noreferrer nofollow';
    }
    return node.tag === 'br' ? createElement('br', props) : createElement(node.tag, props, ...render(node.children));
  });
}
