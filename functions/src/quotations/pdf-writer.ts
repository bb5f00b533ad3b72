import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { TrueTypeFont } from './pdf-font';

/**
 * A minimal PDF 1.7 file writer: numbered objects, Flate streams, Type0
 * (Identity-H) fonts embedded as TrueType subsets with a ToUnicode map so the
 * text can be searched and copied, a cross-reference table. The same input
 * always gives the same bytes (no clock, no random subset tag).
 */

/** A number as PDF writes it: at most two decimals, no exponent. */
export const num = (value: number) => {
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
};

/** A text string (Info dictionary): UTF-16BE with a byte-order mark, in hex. */
export function textString(value: string): string {
  const bytes = Buffer.from(`\ufeff${value}`, 'utf16le').swap16();
  return `<${bytes.toString('hex')}>`;
}

/** A font as a document uses it: which glyphs were drawn, for the subset and the ToUnicode map. */
export class EmbeddedFont {
  /** glyph -> the code point first drawn with it */
  readonly used = new Map<number, number>();
  constructor(
    readonly resourceName: string,
    readonly font: TrueTypeFont,
  ) {}

  /** Hex string of the glyphs of `codePoints` (each already known to be in the font), recording them. */
  encode(codePoints: readonly number[]): string {
    let hex = '';
    for (const codePoint of codePoints) {
      const glyph = this.font.glyphOf(codePoint);
      if (!this.used.has(glyph)) this.used.set(glyph, codePoint);
      hex += glyph.toString(16).padStart(4, '0');
    }
    return `<${hex}>`;
  }
}

const utf16Hex = (codePoint: number) => Buffer.from(String.fromCodePoint(codePoint), 'utf16le').swap16().toString('hex');

export class PdfWriter {
  private readonly objects: Buffer[] = [];

  /** Reserves an object number. */
  alloc(): number {
    this.objects.push(Buffer.alloc(0));
    return this.objects.length;
  }

  set(ref: number, body: string) {
    this.objects[ref - 1] = Buffer.from(body, 'latin1');
  }

  add(body: string): number {
    const ref = this.alloc();
    this.set(ref, body);
    return ref;
  }

  /** A Flate-compressed stream object; `dict` holds the entries besides Length and Filter. */
  stream(data: Buffer | string, dict = '', ref = this.alloc()): number {
    const compressed = deflateSync(typeof data === 'string' ? Buffer.from(data, 'latin1') : data);
    this.objects[ref - 1] = Buffer.concat([
      Buffer.from(`<< /Length ${compressed.length} /Filter /FlateDecode${dict ? ` ${dict}` : ''} >>\nstream\n`, 'latin1'),
      compressed,
      Buffer.from('\nendstream', 'latin1'),
    ]);
    return ref;
  }

  /** A stream object kept as it is (an image already compressed, a JPEG); `dict` holds the entries besides Length. */
  rawStream(data: Uint8Array, dict: string): number {
    const ref = this.alloc();
    this.objects[ref - 1] = Buffer.concat([Buffer.from(`<< /Length ${data.length} ${dict} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]);
    return ref;
  }

  /** Writes the Type0 font, its CID font, descriptor, subset file and ToUnicode map; answers the Type0 font's object. */
  font(embedded: EmbeddedFont, tag: string): number {
    const { font } = embedded;
    const scale = (value: number) => Math.round((value * 1000) / font.unitsPerEm);
    const baseFont = `/${tag}+${font.name}`;
    const glyphs = [...embedded.used.keys()].sort((a, b) => a - b);
    const file = font.subset(glyphs);
    const fontFile = this.stream(file, `/Length1 ${file.length}`);
    const descriptor = this.add(
      `<< /Type /FontDescriptor /FontName ${baseFont} /Flags 4 /FontBBox [${font.bbox.map(scale).join(' ')}] /ItalicAngle 0 ` +
        `/Ascent ${scale(font.ascent)} /Descent ${scale(font.descent)} /CapHeight ${scale(font.capHeight)} /StemV 80 /FontFile2 ${fontFile} 0 R >>`,
    );
    const widths = glyphs.map((glyph) => `${glyph} [${scale(font.advance(glyph))}]`).join(' ');
    const cidFont = this.add(
      `<< /Type /Font /Subtype /CIDFontType2 /BaseFont ${baseFont} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> ` +
        `/FontDescriptor ${descriptor} 0 R /CIDToGIDMap /Identity /DW 1000 /W [${widths}] >>`,
    );
    const mappings = glyphs.filter((glyph) => glyph !== 0).map((glyph) => `<${glyph.toString(16).padStart(4, '0')}> <${utf16Hex(embedded.used.get(glyph)!)}>`);
    const chunks: string[] = [];
    for (let i = 0; i < mappings.length; i += 100) {
      const chunk = mappings.slice(i, i + 100);
      chunks.push(`${chunk.length} beginbfchar\n${chunk.join('\n')}\nendbfchar`);
    }
    const toUnicode = this.stream(
      [
        '/CIDInit /ProcSet findresource begin',
        '12 dict begin',
        'begincmap',
        '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
        '/CMapName /Adobe-Identity-UCS def',
        '/CMapType 2 def',
        '1 begincodespacerange',
        '<0000> <FFFF>',
        'endcodespacerange',
        ...chunks,
        'endcmap',
        'CMapName currentdict /defineresource pop',
        'end',
        'end',
      ].join('\n'),
    );
    return this.add(
      `<< /Type /Font /Subtype /Type0 /BaseFont ${baseFont} /Encoding /Identity-H /DescendantFonts [${cidFont} 0 R] /ToUnicode ${toUnicode} 0 R >>`,
    );
  }

  /** The whole file, with the catalog `root` and the Info dictionary `info`. */
  toBytes(root: number, info: number): Uint8Array<ArrayBuffer> {
    const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
    let length = parts[0]!.length;
    const offsets: number[] = [];
    this.objects.forEach((body, i) => {
      offsets.push(length);
      const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
      parts.push(part);
      length += part.length;
    });
    const id = createHash('md5').update(Buffer.concat(parts)).digest('hex');
    const xref = [
      'xref',
      `0 ${this.objects.length + 1}`,
      '0000000000 65535 f ',
      ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
      'trailer',
      `<< /Size ${this.objects.length + 1} /Root ${root} 0 R /Info ${info} 0 R /ID [<${id}> <${id}>] >>`,
      'startxref',
      String(length),
      '%%EOF',
      '',
    ].join('\n');
    parts.push(Buffer.from(xref, 'latin1'));
    const file = Buffer.concat(parts);
    return new Uint8Array(file.buffer, file.byteOffset, file.length);
  }
}
