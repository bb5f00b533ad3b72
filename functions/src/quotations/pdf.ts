import { formatDate, formatMoney } from '@app/shared-types/format';
import { dimensionsText, quotationPrefix, rowsByUsageArea, type PublicQuotation } from '@app/shared-types/quotations';
import { log } from '../lib/log';
import { loadFontFile, type TrueTypeFont } from './pdf-font';
import { pdfImageOf, type PdfImage } from './pdf-image';
import { EmbeddedFont, num, PdfWriter, textString } from './pdf-writer';
import { rupeesInWords } from './pdf-words';

export { rupeesInWords };

/**
 * The quotation as the client receives it (SPEC.md 3, 9): an A4 document with
 * the company letterhead, the client's details, the rows grouped by usage
 * area, the totals in rupees, the notes and terms, and the business head's
 * signature with the client's acceptance. Rows flow onto as many pages as
 * they need, each page repeating the table header and numbered 'Page 1 of 3'.
 * The output depends on the quote only: rendering it twice gives the same bytes.
 */

/** The Noto Sans files the PDF draws with (WOFF, from @fontsource/noto-sans): Latin, and Latin Extended for ₹. */
export const PDF_FONT_FILES = {
  regular: 'noto-sans-latin-400-normal.woff',
  regularExt: 'noto-sans-latin-ext-400-normal.woff',
  bold: 'noto-sans-latin-700-normal.woff',
  boldExt: 'noto-sans-latin-ext-700-normal.woff',
} as const;

type FaceName = 'regular' | 'bold';
interface Face {
  /** Tried in order for each character. */
  fonts: readonly TrueTypeFont[];
}

let faces: Record<FaceName, Face> | undefined;
/** Read once per process (a few milliseconds), on the first render. */
function loadFaces(): Record<FaceName, Face> {
  faces ??= {
    regular: { fonts: [loadFontFile(PDF_FONT_FILES.regular, 'NotoSans-Regular'), loadFontFile(PDF_FONT_FILES.regularExt, 'NotoSans-Regular')] },
    bold: { fonts: [loadFontFile(PDF_FONT_FILES.bold, 'NotoSans-Bold'), loadFontFile(PDF_FONT_FILES.boldExt, 'NotoSans-Bold')] },
  };
  return faces;
}

// A4 in points, and the page's furniture.
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 40;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const TOP = PAGE_HEIGHT - MARGIN;
/** Content stops here; the footer sits below. */
const BOTTOM = 48;
const FOOTER_Y = 26;

type Rgb = readonly [number, number, number];
const INK: Rgb = [0.13, 0.14, 0.16];
const MUTED: Rgb = [0.42, 0.43, 0.46];
const ACCENT: Rgb = [0.55, 0.38, 0.2];
const RULE: Rgb = [0.82, 0.8, 0.77];
const HEADER_FILL: Rgb = [0.95, 0.93, 0.9];
const GROUP_FILL: Rgb = [0.985, 0.975, 0.96];
const WHITE: Rgb = [1, 1, 1];

/** Characters a document must not carry: controls, invisible format characters, emoji modifiers and variation selectors. */
const DROPPED = /[\p{Cc}\p{Cf}\p{Emoji_Modifier}\uFE00-\uFE0F]/gu;

/** One line of clean text: no line breaks, tabs as spaces, nothing invisible. */
function clean(text: string): string {
  return text.normalize('NFC').replace(/[\t\r\n\u2028\u2029]/g, ' ').replace(DROPPED, '');
}

/** A piece of a line drawn with one font. */
interface Run {
  font: TrueTypeFont;
  codePoints: number[];
}

/** Splits text into runs of the face's fonts; a character no font has is drawn as '?'. */
function runsOf(text: string, face: Face): Run[] {
  const runs: Run[] = [];
  for (const char of clean(text)) {
    let codePoint = char.codePointAt(0)!;
    let font = face.fonts.find((candidate) => candidate.glyphOf(codePoint) !== 0);
    if (!font) {
      codePoint = 0x3f;
      font = face.fonts[0]!;
    }
    const last = runs.at(-1);
    if (last?.font === font) last.codePoints.push(codePoint);
    else runs.push({ font, codePoints: [codePoint] });
  }
  return runs;
}

function widthOf(text: string, face: Face, size: number): number {
  let width = 0;
  for (const run of runsOf(text, face)) {
    for (const codePoint of run.codePoints) width += run.font.advance(run.font.glyphOf(codePoint));
  }
  // Every font of a face shares one em (Noto Sans: 1000 units).
  return (width * size) / face.fonts[0]!.unitsPerEm;
}

/** Greedy word wrap to `maxWidth`; paragraphs split on line breaks, words too long for a line are broken. */
function wrap(text: string, face: Face, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r\n|[\r\n\u2028\u2029]/)) {
    const words = clean(paragraph).split(/ +/).filter(Boolean);
    if (words.length === 0) {
      lines.push('');
      continue;
    }
    let line = '';
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (widthOf(candidate, face, size) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      // A word wider than the line: as many characters as fit, then the rest.
      let rest = word;
      while (widthOf(rest, face, size) > maxWidth) {
        const chars = [...rest];
        let fit = 1;
        while (fit < chars.length && widthOf(chars.slice(0, fit + 1).join(''), face, size) <= maxWidth) fit++;
        lines.push(chars.slice(0, fit).join(''));
        rest = chars.slice(fit).join('');
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** Text style: face, size, colour. */
interface Style {
  face: FaceName;
  size: number;
  color?: Rgb;
}

class Page {
  readonly ops: string[] = [];
  constructor(private readonly doc: DocumentBuilder) {}

  fill(color: Rgb) {
    this.ops.push(`${color.map(num).join(' ')} rg`);
  }

  rect(x: number, y: number, width: number, height: number, color: Rgb) {
    this.fill(color);
    this.ops.push(`${num(x)} ${num(y)} ${num(width)} ${num(height)} re f`);
  }

  line(x1: number, y1: number, x2: number, y2: number, color: Rgb = RULE, width = 0.6) {
    this.ops.push(`${color.map(num).join(' ')} RG ${num(width)} w ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`);
  }

  /** Draws one line of text with its baseline at y. */
  text(value: string, x: number, y: number, style: Style) {
    const face = this.doc.faces[style.face];
    this.fill(style.color ?? INK);
    let at = x;
    for (const run of runsOf(value, face)) {
      const embedded = this.doc.embed(run.font);
      this.ops.push(`BT /${embedded.resourceName} ${num(style.size)} Tf ${num(at)} ${num(y)} Td ${embedded.encode(run.codePoints)} Tj ET`);
      for (const codePoint of run.codePoints) at += (run.font.advance(run.font.glyphOf(codePoint)) * style.size) / run.font.unitsPerEm;
    }
  }

  /** Draws image `name` (DocumentBuilder.addImage) in the box at x, y (its bottom left), width by height. */
  image(name: string, x: number, y: number, width: number, height: number) {
    this.ops.push(`q ${num(width)} 0 0 ${num(height)} ${num(x)} ${num(y)} cm /${name} Do Q`);
  }

  textRight(value: string, right: number, y: number, style: Style) {
    this.text(value, right - this.doc.width(value, style), y, style);
  }

  textCenter(value: string, center: number, y: number, style: Style) {
    this.text(value, center - this.doc.width(value, style) / 2, y, style);
  }
}

class DocumentBuilder {
  readonly faces = loadFaces();
  readonly pages: Page[] = [];
  private readonly fonts = new Map<TrueTypeFont, EmbeddedFont>();
  private readonly images: PdfImage[] = [];

  /** Answers the resource name pages draw `image` by. */
  addImage(image: PdfImage): string {
    this.images.push(image);
    return `Im${this.images.length}`;
  }

  embed(font: TrueTypeFont): EmbeddedFont {
    let embedded = this.fonts.get(font);
    if (!embedded) {
      embedded = new EmbeddedFont(`F${this.fonts.size + 1}`, font);
      this.fonts.set(font, embedded);
    }
    return embedded;
  }

  width(value: string, style: Style) {
    return widthOf(value, this.faces[style.face], style.size);
  }

  wrap(value: string, style: Style, maxWidth: number) {
    return wrap(value, this.faces[style.face], style.size, maxWidth);
  }

  addPage(): Page {
    const page = new Page(this);
    this.pages.push(page);
    return page;
  }

  save(info: { title: string; author: string; subject: string; date: string }): Uint8Array<ArrayBuffer> {
    const writer = new PdfWriter();
    const pagesRef = writer.alloc();
    const fontRefs = [...this.fonts.values()].map((embedded, i) => {
      // Subset tags are six capital letters; a fixed one per font keeps the output reproducible.
      const tag = `QUOTE${String.fromCharCode(65 + i)}`;
      return `/${embedded.resourceName} ${writer.font(embedded, tag)} 0 R`;
    });
    const imageRefs = this.images.map((image, i) => `/Im${i + 1} ${image.write(writer)} 0 R`);
    const xObjects = imageRefs.length ? ` /XObject << ${imageRefs.join(' ')} >>` : '';
    const resources = `<< /Font << ${fontRefs.join(' ')} >>${xObjects} /ProcSet [/PDF /Text${xObjects ? ' /ImageB /ImageC' : ''}] >>`;
    const pageRefs = this.pages.map((page) => {
      const contents = writer.stream(page.ops.join('\n'));
      return writer.add(
        `<< /Type /Page /Parent ${pagesRef} 0 R /MediaBox [0 0 ${num(PAGE_WIDTH)} ${num(PAGE_HEIGHT)}] /Resources ${resources} /Contents ${contents} 0 R >>`,
      );
    });
    writer.set(pagesRef, `<< /Type /Pages /Kids [${pageRefs.map((ref) => `${ref} 0 R`).join(' ')}] /Count ${pageRefs.length} >>`);
    const root = writer.add(`<< /Type /Catalog /Pages ${pagesRef} 0 R /ViewerPreferences << /DisplayDocTitle true >> >>`);
    const stamp = /^\d{4}-\d{2}-\d{2}$/.test(info.date) ? `D:${info.date.replaceAll('-', '')}000000+05'30'` : undefined;
    const infoRef = writer.add(
      `<< /Title ${textString(info.title)} /Author ${textString(info.author)} /Subject ${textString(info.subject)} ` +
        `/Creator ${textString('Quotation builder')} /Producer ${textString('Quotation builder')}` +
        `${stamp ? ` /CreationDate (${stamp}) /ModDate (${stamp})` : ''} >>`,
    );
    return writer.toBytes(root, infoRef);
  }
}

// ---------------------------------------------------------------------------
// Layout

interface Column {
  key: 'index' | 'item' | 'dimensions' | 'unit' | 'quantity' | 'rate' | 'amount';
  label: string;
  width: number;
  align: 'left' | 'right' | 'center';
}
const COLUMNS: readonly Column[] = [
  { key: 'index', label: '#', width: 22, align: 'center' },
  { key: 'item', label: 'Item', width: 197.28, align: 'left' },
  { key: 'dimensions', label: 'Dimensions', width: 72, align: 'left' },
  { key: 'unit', label: 'Unit', width: 44, align: 'left' },
  { key: 'quantity', label: 'Qty', width: 36, align: 'right' },
  { key: 'rate', label: 'Rate', width: 66, align: 'right' },
  { key: 'amount', label: 'Amount', width: 78, align: 'right' },
];
const CELL_PAD = 4;
const columnX = (key: Column['key']) => {
  let x = MARGIN;
  for (const column of COLUMNS) {
    if (column.key === key) return x;
    x += column.width;
  }
  throw new Error(key);
};

const BODY: Style = { face: 'regular', size: 8.5 };
const SMALL: Style = { face: 'regular', size: 7.5, color: MUTED };
const LABEL: Style = { face: 'bold', size: 7, color: MUTED };
/** Where a client field's value starts, right of its label. */
const FIELD_INDENT = 64;
/** At most this many lines of one cell, so a row always fits on a page. */
const MAX_CELL_LINES = 24;

const quantityText = (value: number) => (Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100));

/** Lines of a cell: text wrapped, each with its style and line height. */
interface CellLine {
  text: string;
  style: Style;
  height: number;
  /** A label drawn to the left of the first line of a field. */
  label?: string;
}

/** The widest a logo is drawn on the letterhead (it is as tall as the initials' square). */
const LOGO_MAX_WIDTH = 120;

/** `logo`: the bytes of the letterhead's logo (quote.company.companyLogo, read by letterheadLogo); without one, or one it cannot draw, the initials. */
export async function renderQuotationPdf(quote: PublicQuotation, logo: Uint8Array | null = null): Promise<Uint8Array<ArrayBuffer>> {
  const doc = new DocumentBuilder();
  const { company, clientDetails: client } = quote;
  const companyName = clean(company.companyName) || 'Quotation';
  let page = doc.addPage();
  let y = TOP;

  const newPage = () => {
    page = doc.addPage();
    // Continuation pages: a slim running header.
    page.text(companyName, MARGIN, TOP - 8, { face: 'bold', size: 10 });
    page.textRight(`Quotation ${quote.quotationNumber}`, PAGE_WIDTH - MARGIN, TOP - 8, { face: 'regular', size: 8.5, color: MUTED });
    page.line(MARGIN, TOP - 15, PAGE_WIDTH - MARGIN, TOP - 15, ACCENT, 0.8);
    y = TOP - 30;
  };
  /** Starts a new page unless `height` more fits on this one; answers whether it did. */
  const ensure = (height: number) => {
    if (y - height >= BOTTOM) return false;
    newPage();
    return true;
  };

  // -- Letterhead ------------------------------------------------------------
  const mark = 48;
  let markWidth = mark;
  const drawn = logo ? pdfImageOf(logo) : null;
  if (drawn && 'image' in drawn) {
    const { image } = drawn;
    const scale = Math.min(LOGO_MAX_WIDTH / image.width, mark / image.height);
    markWidth = image.width * scale;
    page.image(doc.addImage(image), MARGIN, TOP - image.height * scale, markWidth, image.height * scale);
  } else {
    if (drawn) log.warn('letterhead logo not drawn: the initials instead', { reason: drawn.refused, quotationNumber: quote.quotationNumber });
    page.rect(MARGIN, TOP - mark, mark, mark, ACCENT);
    page.line(MARGIN + 5, TOP - mark + 9, MARGIN + mark - 5, TOP - mark + 9, WHITE, 0.6);
    const initials = quotationPrefix(companyName).slice(0, 3);
    page.textCenter(initials, MARGIN + mark / 2, TOP - mark / 2 - 2, { face: 'bold', size: initials.length > 2 ? 14 : 17, color: WHITE });
  }

  const headLeft = MARGIN + markWidth + 12;
  // The name and contact lines end where they did beside the initials, clear of the facts on the right.
  const headWidth = 260 + mark - markWidth;
  let left = TOP - 16;
  const nameStyle: Style = { face: 'bold', size: 17 };
  for (const line of doc.wrap(companyName, nameStyle, headWidth).slice(0, 2)) {
    page.text(line, headLeft, left, nameStyle);
    left -= 20;
  }
  left += 6;
  const contact: Style = { face: 'regular', size: 8, color: MUTED };
  for (const line of doc.wrap(company.companyAddress, contact, headWidth).slice(0, 4)) {
    if (!line) continue;
    page.text(line, headLeft, left, contact);
    left -= 10.5;
  }
  const reach = [company.companyPhone && `Phone: ${company.companyPhone}`, company.companyEmail && `Email: ${company.companyEmail}`].filter(Boolean).join('  \u00b7  ');
  for (const line of doc.wrap(reach, contact, headWidth).slice(0, 2)) {
    if (!line) continue;
    page.text(line, headLeft, left, contact);
    left -= 10.5;
  }
  const registrations = [clean(company.gstNumber) && `GSTIN: ${company.gstNumber}`, clean(company.taxNumber ?? '') && `Tax No.: ${company.taxNumber}`].filter(Boolean).join('  \u00b7  ');
  if (registrations) {
    page.text(registrations, headLeft, left, { face: 'bold', size: 8, color: MUTED });
    left -= 10.5;
  }

  const right = PAGE_WIDTH - MARGIN;
  page.textRight('QUOTATION', right, TOP - 16, { face: 'bold', size: 20, color: ACCENT });
  let rightY = TOP - 36;
  const facts: [string, string][] = [
    ['Quotation No.', quote.quotationNumber],
    ['Date', formatDate(quote.quotationDate)],
    ['Valid until', formatDate(quote.validUntil)],
  ];
  for (const [label, value] of facts) {
    page.textRight(value, right, rightY, { face: 'bold', size: 8.5 });
    page.textRight(label, right - 130, rightY, { face: 'regular', size: 8, color: MUTED });
    rightY -= 12;
  }
  y = Math.min(left, rightY, TOP - mark) - 6;
  page.line(MARGIN, y, right, y, ACCENT, 1.2);
  y -= 20;

  // -- Title and client --------------------------------------------------------
  if (clean(quote.title)) {
    for (const line of doc.wrap(quote.title, { face: 'bold', size: 12 }, CONTENT_WIDTH).slice(0, 3)) {
      page.text(line, MARGIN, y, { face: 'bold', size: 12 });
      y -= 16;
    }
    y -= 4;
  }

  const blockWidth = CONTENT_WIDTH / 2 - 10;
  const clientLines: CellLine[] = [];
  /** A label, and beside it the value, wrapped (blank lines dropped); nothing for a blank value. */
  const field = (lines: CellLine[], label: string, value: string, maxLines = 4) => {
    if (!clean(value)) return;
    doc
      .wrap(value, BODY, blockWidth - FIELD_INDENT)
      .filter(Boolean)
      .slice(0, maxLines)
      .forEach((line, i) => lines.push({ text: line, style: BODY, height: 11.5, ...(i === 0 ? { label } : {}) }));
    lines[lines.length - 1]!.height += 2;
  };
  clientLines.push({ text: 'PREPARED FOR', style: { face: 'bold', size: 7.5, color: ACCENT }, height: 13 });
  for (const line of doc.wrap(client.name, { face: 'bold', size: 10.5 }, blockWidth).slice(0, 2)) {
    clientLines.push({ text: line, style: { face: 'bold', size: 10.5 }, height: 13 });
  }
  clientLines[clientLines.length - 1]!.height += 3;
  field(clientLines, 'PHONE', client.phone, 1);
  field(clientLines, 'EMAIL', client.email, 2);
  field(clientLines, 'ADDRESS', client.address);
  const projectLines: CellLine[] = [];
  field(projectLines, 'PROJECT TYPE', client.projectType, 1);
  field(projectLines, 'SITE ADDRESS', client.siteAddress);
  field(projectLines, 'COMMUNITY', client.community, 2);
  if (projectLines.length > 0) projectLines.unshift({ text: 'PROJECT', style: { face: 'bold', size: 7.5, color: ACCENT }, height: 13 });

  const drawLines = (lines: CellLine[], x: number, top: number) => {
    let at = top;
    for (const line of lines) {
      if (line.label !== undefined) {
        page.text(line.label, x, at, LABEL);
        page.text(line.text, x + FIELD_INDENT, at, line.style);
      } else page.text(line.text, x + (line.style === BODY ? FIELD_INDENT : 0), at, line.style);
      at -= line.height;
    }
    return top - at;
  };
  const clientHeight = Math.max(drawLines(clientLines, MARGIN, y), drawLines(projectLines, MARGIN + CONTENT_WIDTH / 2 + 10, y));
  y -= clientHeight + 8;

  // -- Rows ----------------------------------------------------------------------
  const tableHeader = () => {
    const height = 18;
    page.rect(MARGIN, y - height, CONTENT_WIDTH, height, HEADER_FILL);
    for (const column of COLUMNS) {
      const x = columnX(column.key);
      const style: Style = { face: 'bold', size: 7.5, color: INK };
      if (column.align === 'right') page.textRight(column.label.toUpperCase(), x + column.width - CELL_PAD, y - 12, style);
      else if (column.align === 'center') page.textCenter(column.label.toUpperCase(), x + column.width / 2, y - 12, style);
      else page.text(column.label.toUpperCase(), x + CELL_PAD, y - 12, style);
    }
    y -= height;
  };

  const groupHeading = (area: string, areaTotal: number, continued: boolean) => {
    const height = 17;
    page.rect(MARGIN, y - height, CONTENT_WIDTH, height, GROUP_FILL);
    page.line(MARGIN, y - height, right, y - height, RULE, 0.4);
    const style: Style = { face: 'bold', size: 8.5, color: ACCENT };
    const label = doc.wrap(`${area}${continued ? ' (continued)' : ''}`, style, CONTENT_WIDTH - 120)[0] ?? '';
    page.text(label, MARGIN + CELL_PAD, y - 11.5, style);
    if (!continued) page.textRight(formatMoney(areaTotal), right - CELL_PAD, y - 11.5, { face: 'bold', size: 8.5, color: MUTED });
    y -= height;
  };

  const cellLines = (text: string, style: Style, width: number, lineHeight: number): CellLine[] =>
    doc
      .wrap(text, style, width - 2 * CELL_PAD)
      .slice(0, MAX_CELL_LINES)
      .filter((line, i, all) => line !== '' || (i > 0 && i < all.length - 1))
      .map((line) => ({ text: line, style, height: lineHeight }));

  ensure(80);
  tableHeader();
  let index = 0;
  for (const group of rowsByUsageArea(quote.rows)) {
    const areaTotal = Math.round(group.rows.reduce((sum, row) => sum + row.total, 0) * 100) / 100;
    let first = true;
    for (const row of group.rows) {
      index++;
      const itemWidth = COLUMNS[1]!.width;
      const details = [row.finishType && `Finish: ${row.finishType}`, row.brand && `Brand: ${row.brand}`].filter(Boolean).join('  \u00b7  ');
      const item: CellLine[] = [
        ...cellLines(row.item || '-', BODY, itemWidth, 10.5),
        ...cellLines(details, SMALL, itemWidth, 9),
        ...cellLines(row.remarks, { ...SMALL, color: [0.5, 0.5, 0.52] }, itemWidth, 9),
      ].slice(0, MAX_CELL_LINES);
      const cells: Record<Column['key'], CellLine[]> = {
        index: [{ text: String(index), style: SMALL, height: 10.5 }],
        item,
        dimensions: cellLines(dimensionsText(row), BODY, COLUMNS[2]!.width, 10.5),
        unit: cellLines(row.unit, BODY, COLUMNS[3]!.width, 10.5),
        quantity: cellLines(quantityText(row.quantity), BODY, COLUMNS[4]!.width, 10.5),
        rate: cellLines(formatMoney(row.unitPrice), BODY, COLUMNS[5]!.width, 10.5),
        amount: cellLines(formatMoney(row.total), { face: 'bold', size: 8.5 }, COLUMNS[6]!.width, 10.5),
      };
      const height = Math.max(...Object.values(cells).map((lines) => lines.reduce((sum, line) => sum + line.height, 0))) + 6;
      // A group's heading stays with its first row.
      if (ensure(height + (first ? 17 : 0))) {
        tableHeader();
        groupHeading(group.usageArea, areaTotal, !first);
      } else if (first) groupHeading(group.usageArea, areaTotal, false);
      first = false;
      for (const column of COLUMNS) {
        const x = columnX(column.key);
        let at = y - 11.5;
        for (const line of cells[column.key]) {
          if (column.align === 'right') page.textRight(line.text, x + column.width - CELL_PAD, at, line.style);
          else if (column.align === 'center') page.textCenter(line.text, x + column.width / 2, at, line.style);
          else page.text(line.text, x + CELL_PAD, at, line.style);
          at -= line.height;
        }
      }
      y -= height;
      page.line(MARGIN, y, right, y, RULE, 0.4);
    }
  }

  // -- Totals ----------------------------------------------------------------------
  // GST at the rate it was issued with, on top of the grand total (issue 25): the total the advance is a share of.
  const taxed = quote.taxRate > 0;
  const totalsHeight = 10 + 12 * (1 + (quote.discountAmount > 0 ? 1 : 0) + (taxed ? 2 : 0)) + 28;
  ensure(totalsHeight);
  y -= 10;
  const labelX = right - 230;
  // The amount in words, left of the figures.
  const wordsWidth = labelX - MARGIN - 24;
  page.text('AMOUNT IN WORDS', MARGIN, y, LABEL);
  doc
    .wrap(rupeesInWords(quote.totalWithTax), SMALL, wordsWidth)
    .slice(0, 3)
    .forEach((line, i) => page.text(line, MARGIN, y - 11 - i * 10, SMALL));
  const totalLine = (label: string, value: string, style: Style) => {
    page.text(label, labelX + 8, y, style);
    page.textRight(value, right - CELL_PAD, y, style);
    y -= 12;
  };
  totalLine('Subtotal', formatMoney(quote.subtotal), { face: 'regular', size: 9 });
  if (quote.discountAmount > 0) {
    totalLine(`Discount (${quote.discount}%)`, `\u2212 ${formatMoney(quote.discountAmount)}`, { face: 'regular', size: 9 });
  }
  if (taxed) {
    totalLine('Total before GST', formatMoney(quote.grandTotal), { face: 'bold', size: 9 });
    totalLine(`GST at ${quote.taxRate}%`, formatMoney(quote.taxAmount), { face: 'regular', size: 9 });
  }
  const bandHeight = 22;
  page.rect(labelX, y - bandHeight + 13, right - labelX, bandHeight, ACCENT);
  page.text(taxed ? 'Total incl. GST' : 'Grand Total', labelX + 8, y - 2, { face: 'bold', size: 10.5, color: WHITE });
  page.textRight(formatMoney(quote.totalWithTax), right - CELL_PAD, y - 2, { face: 'bold', size: 11, color: WHITE });
  y -= bandHeight + 8;

  // -- Notes and terms -------------------------------------------------------------
  const notes = doc.wrap(quote.notes, { face: 'regular', size: 8.5 }, CONTENT_WIDTH);
  while (notes.length > 0 && notes.at(-1) === '') notes.pop();
  if (notes.some(Boolean)) {
    // Short notes stay together (and with their heading); long ones flow on.
    ensure(Math.min(notes.length * 10.5 + 20, 240));
    page.text('Notes and terms', MARGIN, y, { face: 'bold', size: 10, color: ACCENT });
    y -= 15;
    for (const line of notes) {
      ensure(12);
      if (line) page.text(line, MARGIN, y, { face: 'regular', size: 8.5 });
      y -= line ? 10.5 : 6;
    }
  }

  // -- Signatures --------------------------------------------------------------------
  const approved = quote.response?.action === 'approved' ? quote.response : null;
  // The block reaches 70 pt below here (labels under the signature lines).
  ensure(70);
  y -= 12;
  const signTop = y;
  const half = CONTENT_WIDTH / 2;
  page.text('Client acceptance', MARGIN, y, { face: 'bold', size: 9 });
  page.text('I/We accept this quotation and the terms above.', MARGIN, y - 12, SMALL);
  page.line(MARGIN, y - 44, MARGIN + half - 40, y - 44, INK, 0.6);
  page.text('Client signature, name and date', MARGIN, y - 54, SMALL);
  if (approved) {
    const when = formatDate(approved.at);
    page.text(`Approved online by ${approved.name} on ${when}`, MARGIN, y - 28, { face: 'bold', size: 7.5, color: ACCENT });
  }
  const signX = MARGIN + half + 40;
  const signRight = right;
  const forCompany = doc.wrap(`For ${companyName}`, { face: 'bold', size: 9 }, signRight - signX)[0] ?? '';
  page.textRight(forCompany, signRight, signTop, { face: 'bold', size: 9 });
  page.line(signX, signTop - 44, signRight, signTop - 44, INK, 0.6);
  page.textRight('Authorised Signatory (Business Head)', signRight, signTop - 54, SMALL);
  y -= 64;

  // -- Footers, now that the page count is known ---------------------------------------
  const total = doc.pages.length;
  doc.pages.forEach((each, i) => {
    each.line(MARGIN, FOOTER_Y + 12, right, FOOTER_Y + 12, RULE, 0.5);
    const footer: Style = { face: 'regular', size: 7.5, color: MUTED };
    each.text(doc.wrap(`${clean(company.companyName) ? `${companyName}  |  ` : ''}Quotation ${quote.quotationNumber}`, footer, CONTENT_WIDTH - 100)[0] ?? '', MARGIN, FOOTER_Y, footer);
    each.textRight(`Page ${i + 1} of ${total}`, right, FOOTER_Y, footer);
  });

  return doc.save({
    title: `Quotation ${quote.quotationNumber}`,
    author: companyName,
    subject: `Quotation for ${clean(client.name)}`,
    date: quote.quotationDate,
  });
}
