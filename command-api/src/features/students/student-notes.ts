import sanitizeHtml from 'sanitize-html';

/**
 * Notes are rich text from the editor. Only formatting survives; scripts, styles,
 * event handlers, images and javascript: links are dropped before anything is stored.
 */
const NOTES_POLICY: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'blockquote', 'a'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Text pasted from other pages and older editors marks bold and italics with <b> and <i>: kept, as the
    // editor's own tags (the UI's notes-html.ts maps them the same way), rather than dropped.
    b: sanitizeHtml.simpleTransform('strong', {}, false),
    i: sanitizeHtml.simpleTransform('em', {}, false),
    // A link must not hand the opened page a handle on ours.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }),
  },
};

/** Sanitised HTML, or null when nothing but whitespace or markup without text is left. */
export function sanitizeNotes(html: string | null | undefined): string | null {
  if (!html) return null;
  const clean = sanitizeHtml(html, NOTES_POLICY).trim();
  // sanitize-html escapes every '<' and '>' that is not part of a tag, attribute values included, so
  // dropping the tags of its output leaves exactly the text, without parsing the notes a second time.
  const visibleText = clean.replace(/<[^>]*>/g, '').trim();
  return visibleText === '' ? null : clean;
}
