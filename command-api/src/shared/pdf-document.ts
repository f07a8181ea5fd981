import fs from 'node:fs';
import type PDFDocument from 'pdfkit';
import { PRODUCT_NAME } from '@accommodate/shared-events/config/plans';

const DEJAVU = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const DEJAVU_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

let pdfKit: Promise<typeof PDFDocument> | null = null;
/**
 * pdfkit, loaded by the first PDF a process makes rather than at its start: with its fonts' data it is ≈ 20 MB of a
 * server's memory, for the few requests that print.
 */
export const loadPdfKit = (): Promise<typeof PDFDocument> => (pdfKit ??= import('pdfkit').then((loaded) => loaded.default));

/** The faces a record PDF writes in. */
export interface PdfFonts {
  regular: string;
  bold: string;
}

/** A PDF being written, and its bytes once `doc.end()` has been called. */
export interface OpenPdf {
  doc: PDFKit.PDFDocument;
  fonts: PdfFonts;
  bytes: Promise<Buffer>;
}

/**
 * A US Letter PDF for a student's record (the records export, the hearing packet). DejaVu where installed, so names
 * beyond Western European letters print (as the accommodations PDF does); Helvetica otherwise.
 */
export async function openRecordPdf(title: string, options: { margin?: number; bufferPages?: boolean } = {}): Promise<OpenPdf> {
  const PDFDocument = await loadPdfKit();
  const hasDejaVu = fs.existsSync(DEJAVU) && fs.existsSync(DEJAVU_BOLD);
  const fonts = { regular: hasDejaVu ? DEJAVU : 'Helvetica', bold: hasDejaVu ? DEJAVU_BOLD : 'Helvetica-Bold' };
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: options.margin ?? 56,
    bufferPages: options.bufferPages ?? false,
    info: { Title: title, Producer: PRODUCT_NAME },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font(fonts.regular);
  return { doc, fonts, bytes };
}

/**
 * A moment as people read it, in the reader's time zone and naming it: 'Nov 25, 2026, 2:05 PM EST'. A document that
 * names its zone once, at the top, leaves it out (`namingZone` false): 'Nov 25, 2026, 2:05 PM'.
 */
export function formatMoment(iso: string, timeZone: string, namingZone = true): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(namingZone && { timeZoneName: 'short' as const }),
  }).format(new Date(iso));
}
