import { openRecordPdf, type PdfFonts } from '../../shared/pdf-document.ts';

/** What a section prints, as data: the layout alone decides pages, so a section module never touches the PDF. */
export type PacketBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'field'; label: string; value: string }
  | { kind: 'text'; text: string }
  | { kind: 'table'; columns: readonly { title: string; width: number }[]; rows: readonly (readonly string[])[]; empty: string };

export interface PacketPart {
  title: string;
  blocks: readonly PacketBlock[];
}

export interface PacketContent {
  title: string;
  /** Under the title on the first page: who and which range. */
  lines: readonly string[];
  parts: readonly PacketPart[];
}

const INK = '#111827';
const MUTED = '#4b5563';
const RULE = '#d1d5db';
const MARGIN = 56;
const FOOTER_GAP = 24;
const CELL_PAD = 3;

/** Widths are shares of the line; the last column takes what is left. */
function columnWidths(doc: PDFKit.PDFDocument, columns: readonly { width: number }[]): number[] {
  const line = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const total = columns.reduce((sum, column) => sum + column.width, 0);
  return columns.map((column) => (line * column.width) / total);
}

function writeTable(doc: PDFKit.PDFDocument, fonts: PdfFonts, block: Extract<PacketBlock, { kind: 'table' }>): void {
  if (block.rows.length === 0) {
    doc.font(fonts.regular).fontSize(10).fillColor(MUTED).text(block.empty).fillColor(INK);
    return;
  }
  const widths = columnWidths(doc, block.columns);
  const left = doc.page.margins.left;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const header = block.columns.map((column) => column.title);
  const writeRow = (cells: readonly string[], font: string) => {
    doc.font(font).fontSize(8.5);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: widths[i]! - 2 * CELL_PAD }))) + 2 * CELL_PAD;
    if (doc.y + height > bottom()) {
      doc.addPage();
      // A table that runs on names its columns again at the top of the new page.
      if (cells !== header) writeRow(header, fonts.bold);
      doc.font(font).fontSize(8.5);
    }
    const top = doc.y;
    let x = left;
    cells.forEach((cell, i) => {
      doc.text(cell, x + CELL_PAD, top + CELL_PAD, { width: widths[i]! - 2 * CELL_PAD });
      x += widths[i]!;
    });
    doc.moveTo(left, top + height).lineTo(x, top + height).strokeColor(RULE).lineWidth(0.5).stroke();
    doc.x = left;
    doc.y = top + height;
  };
  writeRow(header, fonts.bold);
  for (const row of block.rows) writeRow(row, fonts.regular);
  doc.moveDown(0.5);
}

function writeBlock(doc: PDFKit.PDFDocument, fonts: PdfFonts, block: PacketBlock): void {
  switch (block.kind) {
    case 'heading':
      doc.moveDown(0.6).font(fonts.bold).fontSize(11).fillColor(INK).text(block.text).moveDown(0.2);
      break;
    case 'field':
      doc.font(fonts.bold).fontSize(10).fillColor(INK).text(`${block.label}: `, { continued: true }).font(fonts.regular).text(block.value);
      break;
    case 'text':
      doc.font(fonts.regular).fontSize(10).fillColor(INK).text(block.text);
      break;
    case 'table':
      writeTable(doc, fonts, block);
      break;
  }
}

/**
 * The hearing packet's pages: a first page with the title, who and which range, and the contents (each part and the
 * page it starts on); then each part from a new page; 'Page n of m' at the foot of every page. The contents are
 * written last, on the first page, once the parts know their pages (pdfkit's buffered pages).
 */
export async function renderPacket(content: PacketContent): Promise<Buffer> {
  const { doc, fonts, bytes } = await openRecordPdf(content.title, { margin: MARGIN, bufferPages: true });
  doc.font(fonts.bold).fontSize(20).fillColor(INK).text(content.title);
  doc.moveDown(0.3).font(fonts.regular).fontSize(11);
  for (const line of content.lines) doc.text(line);
  doc.moveDown(1).font(fonts.bold).fontSize(13).text('Contents').moveDown(0.3);
  const contentsTop = doc.y;

  const starts: number[] = [];
  for (const part of content.parts) {
    doc.addPage();
    starts.push(doc.bufferedPageRange().count);
    doc.outline.addItem(part.title);
    doc.font(fonts.bold).fontSize(15).fillColor(INK).text(part.title).moveDown(0.4);
    for (const block of part.blocks) writeBlock(doc, fonts, block);
  }

  doc.switchToPage(0);
  doc.font(fonts.regular).fontSize(11).fillColor(INK);
  const width = doc.page.width - 2 * MARGIN;
  content.parts.forEach((part, i) => {
    const y = contentsTop + i * 18;
    doc.text(`${i + 1}. ${part.title}`, MARGIN, y, { width: width - 60, lineBreak: false });
    doc.text(`page ${starts[i]}`, MARGIN + width - 60, y, { width: 60, align: 'right', lineBreak: false });
  });

  const pages = doc.bufferedPageRange().count;
  for (let i = 0; i < pages; i++) {
    doc.switchToPage(i);
    // The foot lies in the bottom margin: pdfkit would start a new page for text there unless the margin is lifted.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(fonts.regular).fontSize(8.5).fillColor(MUTED)
      .text(`Page ${i + 1} of ${pages}`, MARGIN, doc.page.height - bottomMargin + FOOTER_GAP - 8, { width, align: 'center', lineBreak: false });
    doc.page.margins.bottom = bottomMargin;
  }
  doc.end();
  return bytes;
}
