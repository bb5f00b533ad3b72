import * as yup from 'yup';
import { MATERIALS, PROPERTY_TYPES, ROOM_SCOPES, type Material, type PropertyType, type RoomScope } from './constants';
import { round2 } from './finance';
import { text } from './forms';
import { DEFAULT_PRICING_RATES, estimateCost } from './pricing';
import { MAX_ROW_DIMENSION, quotationTotals, RFT, SQFT, type RowMeasure } from './quotations';

/**
 * Package rules (issue 26, calculator to draft quote): for each property
 * type, material band and rooms choice of the calculator, which rate-library
 * items go into the draft quotation of a calculator lead, and how much of
 * each per sq ft of carpet area. Admins edit them next to the rate library;
 * until a rule is saved, its default below applies. A rule whose draft total
 * falls outside the range the calculator shows is flagged as out of step
 * (worked out when the rule is saved, and when a lead's draft misses).
 */

export const PACKAGE_RULE_EDITORS = ['admin', 'superadmin'] as const;
/** Lines one rule may hold. */
export const MAX_RULE_LINES = 40;
/** The carpet areas (sq ft) a saved rule is checked at against the calculator. */
export const RULE_CHECK_AREAS = [600, 1000, 1500, 2200, 3000] as const;

export const PACKAGE_RULE_MESSAGES = {
  outOfStep: 'Out of step with the calculator',
  stale: 'Someone else changed this rule. Reload it and try again.',
  notFound: 'No such package rule',
} as const;

/** A rule's id: `3bhk.premium.all`. */
export const packageRuleId = (type: PropertyType, material: Material, rooms: RoomScope) => `${type}.${material}.${rooms}`;

const RULE_ID = new RegExp(`^(${PROPERTY_TYPES.join('|')})\\.(${MATERIALS.join('|')})\\.(${ROOM_SCOPES.join('|')})$`);

/** The type, band and rooms of a rule id, or undefined when it names none. */
export function parsePackageRuleId(id: string): { type: PropertyType; material: Material; rooms: RoomScope } | undefined {
  const match = RULE_ID.exec(id);
  if (!match) return undefined;
  const type = PROPERTY_TYPES.find((value) => value === match[1]);
  const material = MATERIALS.find((value) => value === match[2]);
  const rooms = ROOM_SCOPES.find((value) => value === match[3]);
  return type && material && rooms ? { type, material, rooms } : undefined;
}

const name = (label: string, max: number) =>
  text()
    .required(`${label} is required`)
    .max(max, `${label} is too long (${max} characters at most)`);

/** One line: a rate-library item (by its names, as a quotation row holds it) and its quantity per sq ft of carpet area. */
export const packageLineSchema = yup.object({
  usageArea: name('Usage area', 80),
  item: name('Item', 120),
  finishType: name('Finish type', 80),
  brand: text().max(80, 'Brand is too long (80 characters at most)').default(''),
  perSqft: yup
    .number()
    .typeError('Quantity per sq ft must be a number')
    .required('Quantity per sq ft is required')
    .moreThan(0, 'Quantity per sq ft must be more than 0')
    .max(100, 'Quantity per sq ft is too large'),
});
export type PackageLine = yup.InferType<typeof packageLineSchema>;

export const packageRuleInputSchema = yup.object({
  lines: yup
    .array()
    .of(packageLineSchema)
    .typeError('Lines must be a list')
    .min(1, 'A rule needs at least one line')
    .max(MAX_RULE_LINES, `A rule can have at most ${MAX_RULE_LINES} lines`)
    .required('A rule needs at least one line'),
  /** The version read; 0 for a rule still at its default. */
  version: yup.number().typeError('version must be a number').integer().min(0).required('version is required'),
});
export type PackageRuleInput = yup.InferType<typeof packageRuleInputSchema>;

/** Why a rule is out of step: at a carpet area, its draft total against the calculator's range. */
export interface RuleMiss {
  area: number;
  total: number;
  minCost: number;
  maxCost: number;
  /** Set when a line names something the rate library does not price. */
  unpriced?: string;
}

export interface PackageRule {
  id: string;
  type: PropertyType;
  material: Material;
  rooms: RoomScope;
  lines: PackageLine[];
  /** Null while in step; else where it missed (from its last save, or a lead's draft that missed). */
  outOfStep: { at: string; misses: RuleMiss[] } | null;
  /** False while the default applies (never saved). */
  saved: boolean;
  updatedAt: string;
  version: number;
}

export interface PackageRulesAnswer {
  items: PackageRule[];
}

// ---------------------------------------------------------------------------
// Default rules: a share of the calculator's midpoint per line, turned into a
// quantity at the finish's seeded rate (₹ per unit). Each rooms choice has its
// lines; each band its finishes.

type Band = Record<Material, [finish: string, rate: number]>;
const carpentry = (laminate: number, acrylic: number, pu: number): Band => ({ basic: ['Laminate', laminate], premium: ['Acrylic', acrylic], luxury: ['PU', pu] });
const CEILING: Band = { basic: ['POP', 95], premium: ['Gypsum', 110], luxury: ['Gypsum with Wooden Rafters', 140] };
const PAINT: Band = { basic: ['Tractor Emulsion', 28], premium: ['Premium Emulsion', 36], luxury: ['Royale Emulsion', 42] };
const PANELLING: Band = { basic: ['Fluted Laminate', 650], premium: ['Veneer', 850], luxury: ['PU', 1100] };

interface TemplateLine {
  usageArea: string;
  item: string;
  band: Band;
  /** The line's share of the rule's total. */
  share: number;
}
const line = (usageArea: string, item: string, band: Band, share: number): TemplateLine => ({ usageArea, item, band, share });

const TV_UNIT = carpentry(1500, 2200, 2850);
const WARDROBE = carpentry(1650, 2400, 3000);
const BASE_UNIT = carpentry(1750, 2500, 3100);
const WALL_UNIT = carpentry(1550, 2300, 2900);
const WARDROBE_LOFT = carpentry(850, 1150, 1400);

const TEMPLATES: Record<RoomScope, TemplateLine[]> = {
  all: [
    line('Master Bedroom', 'Wardrobe', WARDROBE, 0.3),
    line('Kitchen', 'Modular Kitchen Base Unit', BASE_UNIT, 0.2),
    line('Kitchen', 'Modular Kitchen Wall Unit', WALL_UNIT, 0.1),
    line('Living', 'TV Unit', TV_UNIT, 0.1),
    line('Living', 'Wall Panelling', PANELLING, 0.1),
    line('Living', 'False Ceiling', CEILING, 0.1),
    line('Living', 'Painting', PAINT, 0.1),
  ],
  living: [
    line('Living', 'TV Unit', TV_UNIT, 0.4),
    line('Living', 'Wall Panelling', PANELLING, 0.25),
    line('Living', 'False Ceiling', CEILING, 0.2),
    line('Living', 'Painting', PAINT, 0.15),
  ],
  kitchen: [
    line('Kitchen', 'Modular Kitchen Base Unit', BASE_UNIT, 0.55),
    line('Kitchen', 'Modular Kitchen Wall Unit', WALL_UNIT, 0.35),
    line('Kitchen', 'False Ceiling', CEILING, 0.1),
  ],
  bedroom: [
    line('Master Bedroom', 'Wardrobe', WARDROBE, 0.6),
    line('Master Bedroom', 'Wardrobe Loft', WARDROBE_LOFT, 0.1),
    line('Master Bedroom', 'False Ceiling', CEILING, 0.15),
    line('Master Bedroom', 'Painting', PAINT, 0.15),
  ],
  partial: [
    line('Master Bedroom', 'Wardrobe', WARDROBE, 0.35),
    line('Kitchen', 'Modular Kitchen Base Unit', BASE_UNIT, 0.25),
    line('Kitchen', 'Modular Kitchen Wall Unit', WALL_UNIT, 0.15),
    line('Living', 'TV Unit', TV_UNIT, 0.1),
    line('Living', 'False Ceiling', CEILING, 0.075),
    line('Living', 'Painting', PAINT, 0.075),
  ],
};

/** The lines a rule starts with: each line's share of the calculator's midpoint per sq ft, at its seeded rate. */
export function defaultPackageLines(type: PropertyType, material: Material, rooms: RoomScope): PackageLine[] {
  const rates = DEFAULT_PRICING_RATES;
  const band = rates.materials[material];
  const midpointPerSqft = ((band.min + band.max) / 2) * rates.propertyFactors[type] * rates.roomFactors[rooms];
  return TEMPLATES[rooms].map((template) => {
    const [finishType, rate] = template.band[material];
    return {
      usageArea: template.usageArea,
      item: template.item,
      finishType,
      brand: '',
      perSqft: Math.round(((template.share * midpointPerSqft) / rate) * 10_000) / 10_000,
    };
  });
}

/** Every rule's default, in the editor's order (type, band, rooms). */
export function defaultPackageRules(now = ''): PackageRule[] {
  return PROPERTY_TYPES.flatMap((type) =>
    MATERIALS.flatMap((material) =>
      ROOM_SCOPES.map((rooms) => ({
        id: packageRuleId(type, material, rooms),
        type,
        material,
        rooms,
        lines: defaultPackageLines(type, material, rooms),
        outOfStep: null,
        saved: false,
        updatedAt: now,
        version: 0,
      })),
    ),
  );
}

// ---------------------------------------------------------------------------
// From a rule to quotation rows

/** A line priced from the library: its unit and rate, or why it has none. */
export type LinePrice = { unit: string; price: number } | { missing: string };

/** What a draft row needs of a line: its names, its measure for the carpet area and its price. */
export interface DraftRow extends RowMeasure {
  usageArea: string;
  item: string;
  finishType: string;
  brand: string;
  remarks: string;
}

/**
 * The quotation row of one line for `area` sq ft of carpet area: `perSqft x area`
 * units. An area unit (sq.ft) is that many sq ft as length x 1 ft, a running
 * foot (R.ft) that many feet, anything else that many pieces (at least one);
 * a length past a row's bound is split over a quantity.
 */
export function draftRow(line: PackageLine, area: number, priced: { unit: string; price: number }): DraftRow {
  const amount = line.perSqft * area;
  const names = { usageArea: line.usageArea, item: line.item, finishType: line.finishType, brand: line.brand, unit: priced.unit, unitPrice: priced.price };
  const remarks = `${line.perSqft} ${priced.unit} per sq ft of carpet area`;
  if (priced.unit === SQFT || priced.unit === RFT) {
    const quantity = Math.max(1, Math.ceil(amount / MAX_ROW_DIMENSION));
    const length = Math.max(0.01, round2(amount / quantity));
    return { ...names, length, width: priced.unit === SQFT ? 1 : null, quantity, remarks };
  }
  return { ...names, length: null, width: null, quantity: Math.max(1, round2(amount)), remarks };
}

/** A rule's rows for `area` at the library's prices, or the first line the library cannot price. */
export function draftRows(lines: readonly PackageLine[], area: number, priceOf: (line: PackageLine) => LinePrice): { rows: DraftRow[] } | { missing: string } {
  const rows: DraftRow[] = [];
  for (const ruleLine of lines) {
    const priced = priceOf(ruleLine);
    if ('missing' in priced) return { missing: `${ruleLine.usageArea} / ${ruleLine.item} / ${ruleLine.finishType}: ${priced.missing}` };
    rows.push(draftRow(ruleLine, area, priced));
  }
  return { rows };
}

/**
 * Where a rule misses the calculator at each of `areas`: its draft total
 * (rows at the library's prices, no discount) outside the range the
 * calculator shows for the same answers. Empty when it is in step.
 */
export function ruleMisses(
  rule: Pick<PackageRule, 'type' | 'material' | 'rooms' | 'lines'>,
  priceOf: (line: PackageLine) => LinePrice,
  pricing = DEFAULT_PRICING_RATES,
  areas: readonly number[] = RULE_CHECK_AREAS,
): RuleMiss[] {
  return areas.flatMap((area) => {
    const { minCost, maxCost } = estimateCost({ bhk: rule.type, area, material: rule.material, rooms: rule.rooms }, pricing);
    const drafted = draftRows(rule.lines, area, priceOf);
    if ('missing' in drafted) return [{ area, total: 0, minCost, maxCost, unpriced: drafted.missing }];
    const total = quotationTotals(drafted.rows, 0).grandTotal;
    return total < minCost || total > maxCost ? [{ area, total, minCost, maxCost }] : [];
  });
}
