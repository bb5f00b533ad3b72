import type { Material, PropertyType, RoomScope } from './constants';

/**
 * The calculator's pricing model. Staff edit these rates in Settings > Business;
 * DEFAULT_PRICING_RATES is what a new installation starts with.
 *
 * estimate = carpet area x material rate (₹/sq ft band) x property factor x room scope factor
 * - material bands are SPEC.md's (basic ₹800-1200, premium ₹1200-1800, luxury ₹1800+,
 *   whose upper end we set at ₹2600);
 * - the property factor covers what grows with the kind of home (more wet areas,
 *   higher ceilings in villas, simpler joinery in offices);
 * - the room scope factor is the share of the carpet area the work covers;
 * - the design fee is a percentage of the midpoint estimate.
 */
export interface PricingRates {
  materials: Record<Material, { min: number; max: number }>;
  propertyFactors: Record<PropertyType, number>;
  roomFactors: Record<RoomScope, number>;
  designFeePercent: number;
}

export const DEFAULT_PRICING_RATES: PricingRates = {
  materials: {
    basic: { min: 800, max: 1200 },
    premium: { min: 1200, max: 1800 },
    luxury: { min: 1800, max: 2600 },
  },
  propertyFactors: { '1bhk': 1, '2bhk': 1, '3bhk': 1.05, '4bhk': 1.1, villa: 1.2, office: 0.9 },
  roomFactors: { all: 1, living: 0.35, kitchen: 0.25, bedroom: 0.3, partial: 0.6 },
  designFeePercent: 8,
};

export interface EstimateInput {
  bhk: PropertyType;
  area: number;
  material: Material;
  rooms: RoomScope;
}

export interface Estimate {
  /** Midpoint of the range, in ₹. */
  totalCost: number;
  minCost: number;
  maxCost: number;
  /** Midpoint cost per sq ft of carpet area, in ₹. */
  costPerSqft: number;
  designFee: number;
  /** Indicative execution time, e.g. '8-10 weeks'. */
  duration: string;
}

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/** Indicative estimate for a calculator submission. Pure: same input, same answer. */
export function estimateCost(input: EstimateInput, rates: PricingRates = DEFAULT_PRICING_RATES): Estimate {
  const band = rates.materials[input.material];
  const factor = rates.propertyFactors[input.bhk] * rates.roomFactors[input.rooms];
  const minCost = roundTo(input.area * band.min * factor, 1000);
  const maxCost = roundTo(input.area * band.max * factor, 1000);
  const totalCost = roundTo((minCost + maxCost) / 2, 1000);
  const costPerSqft = input.area > 0 ? Math.round(totalCost / input.area) : 0;
  const designFee = roundTo((totalCost * rates.designFeePercent) / 100, 100);

  // Work time grows with the area actually worked on; luxury finishes add lead time.
  const workedArea = input.area * rates.roomFactors[input.rooms];
  const minWeeks = Math.max(3, Math.ceil(2 + workedArea / 250));
  const maxWeeks = minWeeks + (input.material === 'luxury' ? 4 : 2);
  return { totalCost, minCost, maxCost, costPerSqft, designFee, duration: `${minWeeks}-${maxWeeks} weeks` };
}
