/**
 * Allow-list for notes HTML. The server sanitises notes when they are written;
 * the browser checks again so a bad record can never run script here.
 */
export const ALLOWED_TAGS = new Set(['p', 'br', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'blockquote', 'a']);
/** What browsers' editing commands produce, mapped onto the server's allow-list so nothing is lost on save. */
const EQUIVALENT_TAGS: Record<string, string> = { b: 'strong', i: 'em', div: 'p', h1: 'h2', h4: 'h3', strike: 's' };
/** Elements whose content is dropped along with them (never shown as text either). */
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math']);

export const isSafeHref = (href: string): boolean => /^(https?:|mailto:)/i.test(href.trim());

export type CleanNode =
  | { kind: 'text'; text: string }
  | { kind: 'element'; tag: string; href?: string; children: CleanNode[] };

/** Parses HTML inertly (DOMParser runs no script and loads nothing) and keeps only allowed parts. */
export function parseNotes(html: string): CleanNode[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return cleanChildren(doc.body);
}

function cleanChildren(parent: Node): CleanNode[] {
  const out: CleanNode[] = [];
  parent.childNodes.forEach((node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      out.push({ kind: 'text', text: node.textContent ?? '' });
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const element = node as Element;
    const raw = element.tagName.toLowerCase();
    const tag = EQUIVALENT_TAGS[raw] ?? raw;
    if (DROPPED_WITH_CONTENT.has(tag)) return;
    const children = cleanChildren(element);
    if (!ALLOWED_TAGS.has(tag)) {
      out.push(...children); // unknown wrapper: keep its text, lose the tag
      return;
    }
    const href = tag === 'a' ? element.getAttribute('href') ?? '' : '';
    out.push({ kind: 'element', tag, ...(href && isSafeHref(href) ? { href } : {}), children });
  });
  return out;
}

/** The cleaned notes back as an HTML string, for loading into the editor. */
export function sanitizeNotesHtml(html: string): string {
  const container = document.createElement('div');
  const append = (target: Node, nodes: CleanNode[]) => {
    for (const node of nodes) {
      if (node.kind === 'text') {
        target.appendChild(document.createTextNode(node.text));
        continue;
      }
      const element = document.createElement(node.tag);
      if (node.href) element.setAttribute('href', node.href);
      append(element, node.children);
      target.appendChild(element);
    }
  };
  append(container, parseNotes(html));
  return container.innerHTML;
}

/** True when the notes hold no visible text (an editor left with just "<p><br></p>"). */
export const notesAreEmpty = (html: string | null | undefined): boolean =>
  !html || new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() === '';
