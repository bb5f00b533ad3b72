import { readFileSync } from 'node:fs';
// Aliased: the bundles' banner declares its own createRequire (functions/build.mjs, infra's api construct).
import { createRequire as requireFrom } from 'node:module';
import { inflateSync } from 'node:zlib';

/**
 * Just enough TrueType for the quotation PDF: read a WOFF 1.0 file (the form
 * @fontsource/noto-sans ships), map code points to glyphs, measure advances
 * and write a subset for embedding as a CIDFontType2. No shaping and no
 * kerning: the documents are Latin text and figures, where neither matters.
 * A general font engine (fontkit) would put about 1 MB into the PDF Lambda
 * bundle; this is a few hundred lines.
 */
export interface TrueTypeFont {
  /** PostScript name the PDF names the font by (a subset tag goes before it). */
  readonly name: string;
  readonly unitsPerEm: number;
  readonly ascent: number;
  readonly descent: number;
  readonly capHeight: number;
  readonly bbox: readonly [number, number, number, number];
  /** The glyph for a code point, 0 (.notdef) when the font has none. */
  glyphOf(codePoint: number): number;
  /** A glyph's advance width in font units. */
  advance(glyph: number): number;
  /** A TrueType file holding `glyphs` (and the components they are built of); the other glyphs are empty. */
  subset(glyphs: Iterable<number>): Buffer;
}

const TABLES_KEPT = ['OS/2', 'cvt ', 'fpgm', 'glyf', 'head', 'hhea', 'hmtx', 'loca', 'maxp', 'post', 'prep'];

/** The tables of a WOFF 1.0 file, each inflated when stored compressed. */
function woffTables(file: Buffer): Map<string, Buffer> {
  if (file.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  if (file.readUInt32BE(4) !== 0x00010000) throw new Error('only TrueType-flavoured WOFF fonts are supported');
  const tables = new Map<string, Buffer>();
  const count = file.readUInt16BE(12);
  for (let i = 0, entry = 44; i < count; i++, entry += 20) {
    const tag = file.toString('latin1', entry, entry + 4);
    const offset = file.readUInt32BE(entry + 4);
    const compressed = file.readUInt32BE(entry + 8);
    const length = file.readUInt32BE(entry + 12);
    const data = file.subarray(offset, offset + compressed);
    tables.set(tag, compressed < length ? inflateSync(data) : Buffer.from(data));
  }
  return tables;
}

/** cmap subtable (3,10) format 12 or (3,1)/(0,x) format 4, as a code point to glyph map. */
function readCmap(cmap: Buffer): Map<number, number> {
  const map = new Map<number, number>();
  const count = cmap.readUInt16BE(2);
  const subtables: { platform: number; encoding: number; offset: number }[] = [];
  for (let i = 0; i < count; i++) {
    const at = 4 + i * 8;
    subtables.push({ platform: cmap.readUInt16BE(at), encoding: cmap.readUInt16BE(at + 2), offset: cmap.readUInt32BE(at + 4) });
  }
  const rank = (s: { platform: number; encoding: number; offset: number }) => {
    const format = cmap.readUInt16BE(s.offset);
    if (format === 12 && (s.platform === 3 || s.platform === 0)) return 3;
    if (format === 4 && s.platform === 3 && s.encoding === 1) return 2;
    if (format === 4 && s.platform === 0) return 1;
    return 0;
  };
  const best = subtables.filter((s) => rank(s) > 0).sort((a, b) => rank(b) - rank(a))[0];
  if (!best) throw new Error('font has no Unicode cmap');
  const at = best.offset;
  if (cmap.readUInt16BE(at) === 12) {
    const groups = cmap.readUInt32BE(at + 12);
    for (let i = 0; i < groups; i++) {
      const group = at + 16 + i * 12;
      const [start, end, glyph] = [cmap.readUInt32BE(group), cmap.readUInt32BE(group + 4), cmap.readUInt32BE(group + 8)];
      for (let c = start; c <= end; c++) map.set(c, glyph + c - start);
    }
    return map;
  }
  const segments = cmap.readUInt16BE(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let i = 0; i < segments; i++) {
    const end = cmap.readUInt16BE(ends + i * 2);
    const start = cmap.readUInt16BE(starts + i * 2);
    const delta = cmap.readInt16BE(deltas + i * 2);
    const rangeOffset = cmap.readUInt16BE(rangeOffsets + i * 2);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
      else {
        glyph = cmap.readUInt16BE(rangeOffsets + i * 2 + rangeOffset + (c - start) * 2);
        if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
      }
      if (glyph !== 0) map.set(c, glyph);
    }
  }
  return map;
}

const checksum = (data: Buffer) => {
  let sum = 0;
  const padded = data.length % 4 === 0 ? data : Buffer.concat([data, Buffer.alloc(4 - (data.length % 4))]);
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
};

/** An sfnt (TrueType) file of `tables`, with its checksums and head.checkSumAdjustment. */
function writeSfnt(tables: Map<string, Buffer>): Buffer {
  const tags = [...tables.keys()].sort();
  const count = tags.length;
  const power = 2 ** Math.floor(Math.log2(count));
  const header = Buffer.alloc(12 + count * 16);
  header.writeUInt32BE(0x00010000, 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(count * 16 - power * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  let headOffset = -1;
  tags.forEach((tag, i) => {
    const data = tables.get(tag)!;
    const record = 12 + i * 16;
    header.write(tag, record, 'latin1');
    header.writeUInt32BE(checksum(data), record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(data.length, record + 12);
    if (tag === 'head') headOffset = offset;
    const padding = (4 - (data.length % 4)) % 4;
    parts.push(data, Buffer.alloc(padding));
    offset += data.length + padding;
  });
  const font = Buffer.concat(parts);
  if (headOffset >= 0) font.writeUInt32BE((0xb1b0afba - checksum(font)) >>> 0, headOffset + 8);
  return font;
}

/** Parses a WOFF file into what layout and embedding need. */
export function readWoff(file: Buffer, name: string): TrueTypeFont {
  const tables = woffTables(file);
  const table = (tag: string) => {
    const data = tables.get(tag);
    if (!data) throw new Error(`font has no ${tag} table`);
    return data;
  };
  const head = table('head');
  const hhea = table('hhea');
  const hmtx = table('hmtx');
  const loca = table('loca');
  const glyf = table('glyf');
  const os2 = tables.get('OS/2');
  const unitsPerEm = head.readUInt16BE(18);
  const longLoca = head.readInt16BE(50) === 1;
  const glyphCount = table('maxp').readUInt16BE(4);
  const metricCount = hhea.readUInt16BE(34);
  const cmap = readCmap(table('cmap'));
  const ascent = hhea.readInt16BE(4);
  const descent = hhea.readInt16BE(6);
  const capHeight = os2 && os2.readUInt16BE(0) >= 2 && os2.length >= 90 ? os2.readInt16BE(88) : Math.round(ascent * 0.7);
  const glyphStart = (glyph: number) => (longLoca ? loca.readUInt32BE(glyph * 4) : loca.readUInt16BE(glyph * 2) * 2);
  const glyphData = (glyph: number) => glyf.subarray(glyphStart(glyph), glyphStart(glyph + 1));

  /** The glyphs a composite glyph is built of. */
  const components = (glyph: number): number[] => {
    const data = glyphData(glyph);
    if (data.length < 10 || data.readInt16BE(0) >= 0) return [];
    const found: number[] = [];
    let at = 10;
    for (;;) {
      const flags = data.readUInt16BE(at);
      found.push(data.readUInt16BE(at + 2));
      at += 4 + (flags & 0x0001 ? 4 : 2) + (flags & 0x0008 ? 2 : flags & 0x0040 ? 4 : flags & 0x0080 ? 8 : 0);
      if (!(flags & 0x0020)) return found;
    }
  };

  return {
    name,
    unitsPerEm,
    ascent,
    descent,
    capHeight,
    bbox: [head.readInt16BE(36), head.readInt16BE(38), head.readInt16BE(40), head.readInt16BE(42)],
    glyphOf: (codePoint) => cmap.get(codePoint) ?? 0,
    advance: (glyph) => hmtx.readUInt16BE(Math.min(glyph, metricCount - 1) * 4),
    subset(glyphs) {
      const kept = new Set<number>([0]);
      const pending = [...glyphs];
      while (pending.length > 0) {
        const glyph = pending.pop()!;
        if (glyph >= glyphCount || kept.has(glyph)) continue;
        kept.add(glyph);
        pending.push(...components(glyph));
      }
      const newLoca = Buffer.alloc((glyphCount + 1) * 4);
      const pieces: Buffer[] = [];
      let offset = 0;
      for (let glyph = 0; glyph < glyphCount; glyph++) {
        newLoca.writeUInt32BE(offset, glyph * 4);
        if (!kept.has(glyph)) continue;
        const data = glyphData(glyph);
        const padding = (4 - (data.length % 4)) % 4;
        pieces.push(data, Buffer.alloc(padding));
        offset += data.length + padding;
      }
      newLoca.writeUInt32BE(offset, glyphCount * 4);
      const newHead = Buffer.from(head);
      newHead.writeUInt32BE(0, 8);
      newHead.writeInt16BE(1, 50);
      const out = new Map<string, Buffer>();
      for (const tag of TABLES_KEPT) {
        const data = tables.get(tag);
        if (data) out.set(tag, data);
      }
      out.set('head', newHead);
      out.set('loca', newLoca);
      out.set('glyf', Buffer.concat(pieces));
      // post format 3: no glyph names (the PDF maps glyphs to text through ToUnicode).
      const post = tables.get('post');
      if (post) {
        const short = Buffer.from(post.subarray(0, 32));
        short.writeUInt32BE(0x00030000, 0);
        out.set('post', short);
      }
      return writeSfnt(out);
    },
  };
}

const requireHere = requireFrom(import.meta.url);

/**
 * A Noto Sans file from @fontsource/noto-sans (SIL Open Font License 1.1).
 * Resolved like a module, so it is found in node_modules in the repository
 * and beside a Lambda bundle, whose build copies the files it needs there
 * (infra/src/constructs/api.ts, PDF_FONT_FILES).
 */
export function loadFontFile(file: string, name: string): TrueTypeFont {
  return readWoff(readFileSync(requireHere.resolve(`@fontsource/noto-sans/files/${file}`)), name);
}
