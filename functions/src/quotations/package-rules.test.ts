import { describe, expect, it } from 'vitest';
import { MATERIALS, PROPERTY_TYPES, ROOM_SCOPES } from '@app/shared-types/constants';
import { defaultPackageRules, ruleMisses } from '@app/shared-types/package-rules';
import { DEFAULT_PRICING_RATES } from '@app/shared-types/pricing';
import { rateLibrarySeed } from '../local/rate-library-seed';
import { linePrice } from './package-rules-repo';
import { indexLibrary } from './rate-library-repo';

/** Issue 26: the seeded package rules, priced from the seeded rate library, fall inside the calculator's range. */
describe('the default package rules', () => {
  const seed = rateLibrarySeed('2026-01-01T00:00:00.000Z');
  const index = indexLibrary({ version: 1, ...seed });
  const priceOf = (line: Parameters<typeof linePrice>[1]) => linePrice(index, line);
  const rules = defaultPackageRules();

  it('cover every property type, material band and rooms choice of the calculator', () => {
    expect(rules).toHaveLength(PROPERTY_TYPES.length * MATERIALS.length * ROOM_SCOPES.length);
    expect(new Set(rules.map((rule) => rule.id)).size).toBe(rules.length);
  });

  it('price every line from the seeded library', () => {
    for (const rule of rules) for (const line of rule.lines) expect(priceOf(line), `${rule.id}: ${line.usageArea} / ${line.item} / ${line.finishType}`).toHaveProperty('price');
  });

  it('total inside the range the calculator shows, for every type and band over typical carpet areas', () => {
    const areas = Array.from({ length: 37 }, (_, i) => 400 + i * 100);
    const misses = rules.flatMap((rule) => ruleMisses(rule, priceOf, DEFAULT_PRICING_RATES, areas).map((miss) => ({ id: rule.id, ...miss })));
    expect(misses).toEqual([]);
  });

  it('are found out of step when their quantities are not', () => {
    const [rule] = rules;
    const doubled = { ...rule!, lines: rule!.lines.map((line) => ({ ...line, perSqft: line.perSqft * 2 })) };
    expect(ruleMisses(doubled, priceOf).length).toBeGreaterThan(0);
  });
});
