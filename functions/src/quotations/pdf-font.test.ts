import { describe, expect, it } from 'vitest';
import { loadFontFile } from './pdf-font';
import { PDF_FONT_FILES } from './pdf';

const latin = loadFontFile(PDF_FONT_FILES.regular, 'NotoSans-Regular');
const latinExt = loadFontFile(PDF_FONT_FILES.regularExt, 'NotoSans-Regular');
const code = (char: string) => char.codePointAt(0)!;

/** The tables of a TrueType file, each checked against its directory checksum. */
function sfntTables(font: Buffer): Map<string, Buffer> {
  const sum = (data: Buffer) => {
    const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
    let total = 0;
    for (let i = 0; i < padded.length; i += 4) total = (total + padded.readUInt32BE(i)) >>> 0;
    return total;
  };
  expect(font.readUInt32BE(0)).toBe(0x00010000);
  const tables = new Map<string, Buffer>();
  for (let i = 0; i < font.readUInt16BE(4); i++) {
    const record = 12 + i * 16;
    const tag = font.toString('latin1', record, record + 4);
    const offset = font.readUInt32BE(record + 8);
    const data = font.subarray(offset, offset + font.readUInt32BE(record + 12));
    const stored = font.readUInt32BE(record + 4);
    if (tag === 'head') {
      const zeroed = Buffer.from(data);
      zeroed.writeUInt32BE(0, 8);
      expect(sum(zeroed), tag).toBe(stored);
    } else expect(sum(data), tag).toBe(stored);
    tables.set(tag, data);
  }
  // The whole file sums to the magic number once head.checkSumAdjustment is in.
  expect(sum(font)).toBe(0xb1b0afba);
  return tables;
}

describe('the PDF fonts (Noto Sans from @fontsource/noto-sans)', () => {
  it('map Latin text in the Latin file and the rupee sign in the Latin Extended one', () => {
    for (const char of 'Aa0,') expect(latin.glyphOf(code(char)), char).toBeGreaterThan(0);
    expect(latin.glyphOf(code('₹'))).toBe(0);
    expect(latinExt.glyphOf(code('₹'))).toBeGreaterThan(0);
    expect(latinExt.glyphOf(code('Ł'))).toBeGreaterThan(0);
    expect(latin.glyphOf(code('😀'))).toBe(0);
    expect(latin.unitsPerEm).toBe(latinExt.unitsPerEm);
    // Proportional: 'W' is wider than 'i', and every digit is as wide as the others (tabular figures).
    expect(latin.advance(latin.glyphOf(code('W')))).toBeGreaterThan(latin.advance(latin.glyphOf(code('i'))));
    const digits = [...'0123456789'].map((digit) => latin.advance(latin.glyphOf(code(digit))));
    expect(new Set(digits).size).toBe(1);
  });

  it('subsets to the glyphs drawn and the components they are built of, with valid checksums', () => {
    const e = latin.glyphOf(code('e'));
    const eAcute = latin.glyphOf(code('é'));
    const z = latin.glyphOf(code('Z'));
    const subset = latin.subset([eAcute]);
    const tables = sfntTables(subset);
    expect([...tables.keys()].sort()).toEqual(expect.arrayContaining(['glyf', 'head', 'hhea', 'hmtx', 'loca', 'maxp']));
    expect(tables.has('cmap')).toBe(false);
    expect(tables.get('head')!.readInt16BE(50)).toBe(1); // long loca offsets
    const loca = tables.get('loca')!;
    const size = (glyph: number) => loca.readUInt32BE((glyph + 1) * 4) - loca.readUInt32BE(glyph * 4);
    expect(size(eAcute)).toBeGreaterThan(0);
    expect(size(0)).toBeGreaterThan(0); // .notdef is always kept
    expect(size(z)).toBe(0);
    // é is a composite in Noto Sans: its base letter comes along although only é was asked for.
    expect(size(e)).toBeGreaterThan(0);
    expect(subset.length).toBeLessThan(20_000);
  });
});
