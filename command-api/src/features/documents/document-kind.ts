import { fileTypeFromBuffer } from 'file-type';
import { DOCUMENT_TYPES } from '@accommodate/shared-events/schemas/document';
import { withoutBidiControls } from '@accommodate/shared-events/schemas/bidi-controls';

export type DocumentMimeType = keyof typeof DOCUMENT_TYPES;

/** Legacy Word (.doc) files are OLE compound documents; file-type names that container, not Word. */
const OLE_SIGNATURE = Buffer.from('d0cf11e0a1b11ae1', 'hex');

const isAccepted = (mime: string): mime is DocumentMimeType => Object.hasOwn(DOCUMENT_TYPES, mime);

/**
 * What the bytes are, whatever the file is called: PDF, PNG/JPEG/GIF/WEBP,
 * DOCX or legacy DOC; null for anything else (an .exe renamed to .pdf included).
 */
export async function detectDocumentType(bytes: Buffer): Promise<DocumentMimeType | null> {
  if (bytes.subarray(0, OLE_SIGNATURE.length).equals(OLE_SIGNATURE)) return 'application/msword';
  try {
    const detected = await fileTypeFromBuffer(bytes);
    return detected && isAccepted(detected.mime) ? detected.mime : null;
  } catch {
    // A file too malformed to parse is not one we can vouch for.
    return null;
  }
}

/** The name as shown and offered back on download: no folders, no control characters, bounded. */
export function cleanFileName(original: string): string {
  const base = original.split(/[\\/]/).at(-1) ?? '';
  // eslint-disable-next-line no-control-regex
  const printable = withoutBidiControls(base.replace(/[\u0000-\u001f\u007f]/g, '')).trim();
  const bounded = [...printable].slice(-200).join('');
  return bounded === '' || bounded === '.' || bounded === '..' ? 'document' : bounded;
}
