import { describe, expect, it } from 'vitest';
import { cleanFileName, detectDocumentType } from './document-kind.ts';

const bytes = (hex: string, padTo = 64) => Buffer.concat([Buffer.from(hex, 'hex'), Buffer.alloc(padTo)]);

describe('document kind detection', () => {
  it('recognises PDF and images by their content', async () => {
    expect(await detectDocumentType(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1'))).toBe('application/pdf');
    expect(await detectDocumentType(bytes('89504e470d0a1a0a0000000d49484452'))).toBe('image/png');
    expect(await detectDocumentType(bytes('ffd8ffe000104a46494600'))).toBe('image/jpeg');
    expect(await detectDocumentType(Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32)]))).toBe('image/gif');
    expect(await detectDocumentType(Buffer.concat([Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'), Buffer.alloc(32)]))).toBe('image/webp');
  });

  it('accepts a legacy Word file (an OLE container) as Word', async () => {
    expect(await detectDocumentType(bytes('d0cf11e0a1b11ae1', 512))).toBe('application/msword');
  });

  it('refuses a Windows program whatever its name, and plain text', async () => {
    expect(await detectDocumentType(bytes('4d5a90000300000004000000ffff0000'))).toBeNull();
    expect(await detectDocumentType(Buffer.from('just some text'))).toBeNull();
    expect(await detectDocumentType(Buffer.alloc(0))).toBeNull();
  });
});

describe('document file names', () => {
  it('keeps only the last path segment and drops control characters', () => {
    expect(cleanFileName('C:\\Users\\t\\504 plan.pdf')).toBe('504 plan.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a\u0000b\nc.pdf')).toBe('abc.pdf');
    expect(cleanFileName('..')).toBe('document');
  });

  it('drops the bidirectional controls that make a program read as a document', () => {
    // 'invoice\u202Efdp.exe' shows as 'invoiceexe.pdf'.
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanFileName('\u2066a\u2067b\u2068c\u2069\u200E\u200F\u061C\u202A\u202B\u202C\u202D.pdf')).toBe('abc.pdf');
    // Right-to-left text itself stays.
    expect(cleanFileName('خطة 504.pdf')).toBe('خطة 504.pdf');
  });
});
