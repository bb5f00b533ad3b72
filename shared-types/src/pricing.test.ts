import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_RATES, estimateCost } from './pricing';

describe('estimateCost', () => {
  it('prices a complete 2BHK in basic materials from the basic band', () => {
    const estimate = estimateCost({ bhk: '2bhk', area: 1000, material: 'basic', rooms: 'all' });
    expect(estimate).toEqual({
      minCost: 800_000,
      maxCost: 1_200_000,
      totalCost: 1_000_000,
      costPerSqft: 1000,
      designFee: 80_000,
      duration: '6-8 weeks',
    });
  });

  it('scales by the property factor and the room scope', () => {
    const estimate = estimateCost({ bhk: 'villa', area: 3000, material: 'luxury', rooms: 'kitchen' });
    // 3000 x 0.25 scope x 1.2 villa = 900 priced sq ft
    expect(estimate.minCost).toBe(1_620_000);
    expect(estimate.maxCost).toBe(2_340_000);
    expect(estimate.totalCost).toBe(1_980_000);
    expect(estimate.costPerSqft).toBe(660);
    expect(estimate.duration).toBe('5-9 weeks');
  });

  it('uses the rates it is given, so Settings can change them', () => {
    const rates = { ...DEFAULT_PRICING_RATES, designFeePercent: 10 };
    const estimate = estimateCost({ bhk: '1bhk', area: 500, material: 'premium', rooms: 'all' }, rates);
    expect(estimate.totalCost).toBe(750_000);
    expect(estimate.designFee).toBe(75_000);
  });

  it('keeps the range ordered and the midpoint inside it for every option', () => {
    for (const material of ['basic', 'premium', 'luxury'] as const) {
      for (const rooms of ['all', 'living', 'kitchen', 'bedroom', 'partial'] as const) {
        const e = estimateCost({ bhk: '3bhk', area: 1450, material, rooms });
        expect(e.minCost).toBeLessThanOrEqual(e.totalCost);
        expect(e.totalCost).toBeLessThanOrEqual(e.maxCost);
      }
    }
  });
});
