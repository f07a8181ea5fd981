import { describe, expect, it } from 'vitest';
import { sanitizeNotes } from './student-notes.ts';

describe('student notes sanitising', () => {
  it('keeps the formatting the editor produces', () => {
    const html = '<h2>Plan</h2><p><strong>Bold</strong> <em>it</em> <u>u</u> <s>s</s></p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><h3>x</h3><p>a<br />b</p>';
    expect(sanitizeNotes(html)).toBe(html);
  });

  it('keeps bold and italics pasted as <b> and <i>, as <strong> and <em>', () => {
    expect(sanitizeNotes('<p>Likes <b>math</b></p>')).toBe('<p>Likes <strong>math</strong></p>');
    expect(sanitizeNotes('<p><i>Quiet</i> in <b class="x"><i>class</i></b></p>')).toBe('<p><em>Quiet</em> in <strong><em>class</em></strong></p>');
  });

  it('removes scripts, event handlers, styles and images', () => {
    const html = '<p onclick="steal()" style="color:red">Hi<script>alert(1)</script><img src=x onerror=alert(1)></p><iframe src="https://evil.example"></iframe>';
    expect(sanitizeNotes(html)).toBe('<p>Hi</p>');
  });

  it('keeps web and mail links, marked noopener, and strips other schemes', () => {
    expect(sanitizeNotes('<a href="https://school.example/plan" target="_blank">plan</a>')).toBe(
      '<a href="https://school.example/plan" rel="noopener noreferrer">plan</a>',
    );
    expect(sanitizeNotes('<a href="mailto:parent@example.com">mail</a>')).toBe(
      '<a href="mailto:parent@example.com" rel="noopener noreferrer">mail</a>',
    );
    expect(sanitizeNotes('<a href="javascript:alert(1)">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
    expect(sanitizeNotes('<a href="data:text/html,hi">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
  });

  it('stores empty editor output as no notes', () => {
    expect(sanitizeNotes('<p><br></p>')).toBeNull();
    expect(sanitizeNotes('   ')).toBeNull();
    expect(sanitizeNotes(null)).toBeNull();
    expect(sanitizeNotes('<p><a href="https://x.example/?q=>"></a>&nbsp;</p>')).toBeNull();
  });

  it('keeps notes whose only text is escaped markup', () => {
    expect(sanitizeNotes('<p>&lt;</p>')).toBe('<p>&lt;</p>');
    expect(sanitizeNotes('<p title=">">&gt;</p>')).toBe('<p>&gt;</p>');
  });
});
