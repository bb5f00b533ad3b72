import { createHash } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  ANY_BRAND,
  STARTING_UNITS,
  SUGGESTED_HARDWARE_BRANDS,
  SUGGESTED_PAINT_BRANDS,
  type Brand,
  type Price,
  type RateItem,
  type Unit,
  type UsageArea,
} from '@app/shared-types/rate-library';
import type { Db } from '../db/client';
import { systemContext } from '../db/entity';
import { keys } from '../db/keys';
import { rateLibraryEntities } from '../quotations';
import { failedConditionEntries, isConditionalCheckFailed, isTransactionCanceled, transactWrite, type TransactItem } from '../db/writes';

/**
 * The rate library a new installation starts with: a Hyderabad interiors
 * firm's usage areas, items, finishes and 2026 rates in rupees per unit, with
 * cost prices at 65-78% of the selling price and a few brand-specific prices.
 * Admins change all of it in the portal; this is only day one.
 */

const OTHER_BRANDS = [
  'Greenply',
  'Century Ply',
  'Merino',
  'Greenlam',
  'Saint-Gobain',
  'Philips',
  'Havells',
  'Wipro',
  'Jaquar',
  'Kohler',
  'Hindware',
] as const;

type BrandName = (typeof SUGGESTED_HARDWARE_BRANDS)[number] | (typeof SUGGESTED_PAINT_BRANDS)[number] | (typeof OTHER_BRANDS)[number];
type UnitName = (typeof STARTING_UNITS)[number];

/** A finish with its any-brand price, and prices of its own for some brands. */
interface SeedFinish {
  name: string;
  price: number;
  brands?: Partial<Record<BrandName, number>>;
}

interface SeedItem {
  itemName: string;
  unit: UnitName;
  /** Cost price as a share of the selling price. */
  cost: number;
  finishes: SeedFinish[];
  brands: BrandName[];
}

const CARPENTRY_BRANDS: BrandName[] = ['Hettich', 'Hafele', 'Blum', 'Ebco', 'Greenply', 'Century Ply', 'Merino'];
const PAINT_BRANDS: BrandName[] = [...SUGGESTED_PAINT_BRANDS];
const LIGHT_BRANDS: BrandName[] = ['Philips', 'Havells', 'Wipro'];

const item = (itemName: string, unit: UnitName, cost: number, finishes: SeedFinish[], brands: BrandName[] = []): SeedItem => ({
  itemName,
  unit,
  cost,
  finishes,
  brands,
});
const f = (name: string, price: number, brands?: SeedFinish['brands']): SeedFinish => ({ name, price, brands });

const ITEMS = {
  wardrobe: item(
    'Wardrobe',
    'sq.ft',
    0.7,
    [f('Laminate', 1650), f('Membrane', 1900), f('Acrylic', 2400), f('Veneer', 2600), f('Lacquered Glass', 2800), f('PU', 3000)],
    CARPENTRY_BRANDS,
  ),
  wardrobeLoft: item('Wardrobe Loft', 'R.ft', 0.7, [f('Laminate', 850), f('Acrylic', 1150), f('PU', 1400)], CARPENTRY_BRANDS),
  baseUnit: item(
    'Modular Kitchen Base Unit',
    'sq.ft',
    0.72,
    [f('Laminate', 1750), f('Membrane', 2050), f('Acrylic', 2500), f('Glass', 2900), f('PU', 3100)],
    CARPENTRY_BRANDS,
  ),
  wallUnit: item(
    'Modular Kitchen Wall Unit',
    'sq.ft',
    0.72,
    [f('Laminate', 1550), f('Membrane', 1850), f('Acrylic', 2300), f('Glass', 2700), f('PU', 2900)],
    CARPENTRY_BRANDS,
  ),
  tallUnit: item('Kitchen Tall Unit', 'sq.ft', 0.72, [f('Laminate', 1800), f('Acrylic', 2600), f('PU', 3200)], CARPENTRY_BRANDS),
  kitchenLoft: item('Kitchen Loft', 'R.ft', 0.7, [f('Laminate', 900), f('Acrylic', 1200)], CARPENTRY_BRANDS),
  kitchenAccessories: item(
    'Kitchen Accessories',
    'SETS',
    0.78,
    [f('Standard', 28000, { Hettich: 31500, Ebco: 24500 }), f('Premium', 65000, { Hettich: 72000, Hafele: 70000, Blum: 76000, Ebco: 48000 })],
    ['Hettich', 'Hafele', 'Blum', 'Ebco'],
  ),
  hardware: item(
    'Handles and Hardware',
    'SETS',
    0.78,
    [f('Standard', 4500, { Hettich: 4900, Ebco: 3800 }), f('Premium', 7500, { Hettich: 8200, Hafele: 8000, Ebco: 6200 })],
    ['Hettich', 'Hafele', 'Ebco', 'Godrej'],
  ),
  laminateSheet: item('Laminate Sheet', 'Sheet', 0.75, [f('Standard 1 mm', 1800), f('Textured 1 mm', 2400), f('High Gloss', 2800)], ['Merino', 'Greenlam', 'Century Ply']),
  tvUnit: item('TV Unit', 'sq.ft', 0.7, [f('Laminate', 1500), f('Acrylic', 2200), f('Veneer', 2500), f('PU', 2850)], CARPENTRY_BRANDS),
  crockery: item('Crockery Unit', 'sq.ft', 0.7, [f('Laminate', 1600), f('Acrylic', 2300), f('Lacquered Glass', 2700), f('PU', 2950)], CARPENTRY_BRANDS),
  shoeRack: item('Shoe Rack', 'sq.ft', 0.7, [f('Laminate', 1400), f('Membrane', 1700), f('Acrylic', 2100)], CARPENTRY_BRANDS),
  console: item('Foyer Console', 'QTY', 0.68, [f('Veneer', 28000), f('PU', 34000)]),
  falseCeiling: item('False Ceiling', 'sq.ft', 0.68, [f('POP', 95), f('Gypsum', 110, { 'Saint-Gobain': 125 }), f('Gypsum with Wooden Rafters', 140)], ['Saint-Gobain']),
  bathCeiling: item('Bathroom False Ceiling', 'sq.ft', 0.68, [f('PVC Panel', 80), f('Grid Ceiling', 90)]),
  coveLighting: item('Cove Lighting', 'R.ft', 0.72, [f('Warm White LED Strip', 180), f('RGB LED Strip', 260)], LIGHT_BRANDS),
  downlight: item('Lighting', 'QTY', 0.74, [f('Recessed Downlight 12W', 850, { Philips: 950 }), f('Spotlight 7W', 950), f('Track Light', 1650)], LIGHT_BRANDS),
  pendant: item('Pendant Light', 'QTY', 0.7, [f('Matte Black', 4800), f('Brass', 5500)]),
  painting: item(
    'Painting',
    'sq.ft',
    0.72,
    [f('Tractor Emulsion', 28), f('Premium Emulsion', 36, { 'Asian Paints': 38 }), f('Royale Emulsion', 42, { 'Asian Paints': 45, Dulux: 44 })],
    PAINT_BRANDS,
  ),
  texturePaint: item('Texture Paint', 'sq.ft', 0.7, [f('Sand Texture', 95), f('Metallic Texture', 140)], PAINT_BRANDS),
  wallpaper: item('Wallpaper', 'sq.ft', 0.7, [f('Vinyl', 110), f('Non-woven', 140), f('Fabric', 180)]),
  panelling: item('Wall Panelling', 'sq.ft', 0.7, [f('Fluted Laminate', 650), f('Veneer', 850), f('PU', 1100)], ['Greenlam', 'Merino', 'Century Ply']),
  skirting: item('Skirting', 'R.ft', 0.7, [f('PVC', 90), f('Wooden', 160)]),
  curtains: item('Curtains', 'R.ft', 0.68, [f('Sheer', 380), f('Blackout', 550)]),
  sofa: item('Sofa (3 Seater)', 'QTY', 0.7, [f('Fabric', 65000), f('Leatherette', 72000)]),
  electrical: item('Electrical Rework', 'LumpSum', 0.7, [f('Standard', 18000), f('Smart Switches', 42000)], ['Havells']),
  diningTable: item('Dining Table (6 Seater)', 'QTY', 0.7, [f('Veneer', 55000), f('Solid Wood', 85000), f('Marble Top', 95000)]),
  bed: item('Bed with Storage', 'QTY', 0.7, [f('Laminate', 58000), f('Upholstered Headboard', 68000), f('Veneer', 75000)], CARPENTRY_BRANDS),
  sideTable: item('Side Table', 'QTY', 0.7, [f('Laminate', 6500), f('Veneer', 9000)]),
  dressing: item('Dressing Unit', 'sq.ft', 0.7, [f('Laminate', 1550), f('Acrylic', 2250), f('Lacquered Glass', 2700)], CARPENTRY_BRANDS),
  studyTable: item('Study Table', 'sq.ft', 0.7, [f('Laminate', 1500), f('Veneer', 2300)], CARPENTRY_BRANDS),
  bookshelf: item('Bookshelf', 'sq.ft', 0.7, [f('Laminate', 1450), f('Veneer', 2200)], CARPENTRY_BRANDS),
  poojaUnit: item('Pooja Unit', 'sq.ft', 0.68, [f('CNC Laminate', 2200), f('Veneer', 2800), f('PU', 3200)], CARPENTRY_BRANDS),
  poojaJaali: item('Pooja Backdrop Jaali', 'sq.ft', 0.68, [f('MDF CNC Jaali in PU', 1400), f('Brass Finish Jaali', 1900)]),
  vanity: item('Vanity Unit', 'sq.ft', 0.7, [f('BWP Laminate', 1900), f('Acrylic', 2600), f('PU', 3100)], ['Hettich', 'Hafele', 'Ebco']),
  mirrorCabinet: item('Mirror Cabinet', 'QTY', 0.7, [f('Glass', 9500), f('LED Backlit Glass', 14500)]),
  bathAccessories: item('Bathroom Accessories', 'SETS', 0.75, [f('Chrome', 8500, { Jaquar: 9800, Kohler: 12500 }), f('Matte Black', 11500)], ['Jaquar', 'Kohler', 'Hindware']),
  balconyStorage: item('Balcony Storage', 'sq.ft', 0.7, [f('BWP Laminate', 1700), f('Acrylic', 2300)], CARPENTRY_BRANDS),
  dryingHanger: item('Cloth Drying Hanger', 'QTY', 0.72, [f('Pulley Type', 4500), f('Ceiling Auto', 7500)]),
  balconyFlooring: item('Balcony Flooring', 'sq.ft', 0.7, [f('Artificial Grass', 95), f('WPC Deck', 380)]),
  utilityUnit: item('Utility Storage Unit', 'sq.ft', 0.7, [f('BWP Laminate', 1600), f('Acrylic', 2250)], CARPENTRY_BRANDS),
  washingUnit: item('Washing Machine Unit', 'sq.ft', 0.7, [f('BWP Laminate', 1650)], CARPENTRY_BRANDS),
  cleaning: item('Deep Cleaning', 'LumpSum', 0.65, [f('Standard', 6500)]),
} satisfies Record<string, SeedItem>;

type ItemKey = keyof typeof ITEMS;

const AREAS: [string, ItemKey[]][] = [
  ['Living', ['tvUnit', 'panelling', 'falseCeiling', 'coveLighting', 'downlight', 'painting', 'texturePaint', 'wallpaper', 'sofa', 'curtains', 'skirting', 'electrical']],
  ['Dining', ['crockery', 'diningTable', 'falseCeiling', 'pendant', 'painting', 'panelling']],
  ['Kitchen', ['baseUnit', 'wallUnit', 'tallUnit', 'kitchenLoft', 'kitchenAccessories', 'hardware', 'laminateSheet', 'falseCeiling', 'downlight', 'painting']],
  ['Master Bedroom', ['wardrobe', 'wardrobeLoft', 'hardware', 'bed', 'sideTable', 'dressing', 'tvUnit', 'falseCeiling', 'coveLighting', 'painting', 'wallpaper', 'curtains']],
  ['Kids Bedroom', ['wardrobe', 'wardrobeLoft', 'hardware', 'bed', 'studyTable', 'bookshelf', 'falseCeiling', 'painting', 'wallpaper', 'curtains']],
  ['Guest Bedroom', ['wardrobe', 'wardrobeLoft', 'hardware', 'bed', 'sideTable', 'falseCeiling', 'painting', 'curtains']],
  ['Pooja', ['poojaUnit', 'poojaJaali', 'downlight', 'painting']],
  ['Foyer', ['shoeRack', 'console', 'panelling', 'falseCeiling', 'downlight', 'painting']],
  ['Bathrooms', ['vanity', 'mirrorCabinet', 'bathAccessories', 'bathCeiling']],
  ['Balcony', ['balconyStorage', 'dryingHanger', 'balconyFlooring', 'painting']],
  ['Study', ['studyTable', 'bookshelf', 'falseCeiling', 'downlight', 'painting']],
  ['Utility', ['utilityUnit', 'washingUnit', 'painting', 'cleaning']],
];

/** Ids that are the same on every run, so a seed that stopped half-way can run again. */
const seedId = (...parts: string[]) => `seed-${createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 24)}`;

const round = (value: number) => Math.round(value);

/** The seed library's entries: areas, units, brands, items and prices, each a stored entry. */
export function rateLibrarySeed(now: string) {
  const stored = (id: string, offsetMs = 0) => {
    const at = new Date(Date.parse(now) + offsetMs).toISOString();
    return { id, createdAt: at, updatedAt: at, version: 1 };
  };
  // Units keep the order of SPEC.md 3 (they list by creation).
  const units: Unit[] = STARTING_UNITS.map((name, i) => ({ ...stored(seedId('unit', name), i), name, retired: false }));
  const unitId = new Map(units.map((unit) => [unit.name, unit.id]));
  const brands: Brand[] = [
    ...[...SUGGESTED_HARDWARE_BRANDS, ...SUGGESTED_PAINT_BRANDS].map((name) => ({ ...stored(seedId('brand', name)), name, suggested: true, retired: false })),
    ...OTHER_BRANDS.map((name) => ({ ...stored(seedId('brand', name)), name, suggested: false, retired: false })),
  ];
  const brandId = new Map(brands.map((brand) => [brand.name, brand.id]));
  const usageAreas: UsageArea[] = [];
  const items: RateItem[] = [];
  const prices: Price[] = [];
  AREAS.forEach(([areaName, itemKeys], areaIndex) => {
    const area: UsageArea = { ...stored(seedId('area', areaName)), name: areaName, sortOrder: (areaIndex + 1) * 10, retired: false };
    usageAreas.push(area);
    for (const key of itemKeys) {
      const seed = ITEMS[key];
      const id = seedId('item', areaName, seed.itemName);
      const finishes = seed.finishes.map((finish) => ({ id: seedId('finish', id, finish.name), name: finish.name, retired: false }));
      items.push({
        ...stored(id),
        usageAreaId: area.id,
        itemName: seed.itemName,
        unitId: unitId.get(seed.unit)!,
        finishTypes: finishes,
        brandIds: seed.brands.map((name) => brandId.get(name)!),
        retired: false,
      });
      seed.finishes.forEach((finish, i) => {
        const finishId = finishes[i]!.id;
        const priced: [string, number][] = [[ANY_BRAND, finish.price], ...Object.entries(finish.brands ?? {}).map(([name, price]): [string, number] => [brandId.get(name)!, price])];
        for (const [brand, price] of priced) {
          prices.push({ ...stored(seedId('price', id, finishId, brand)), itemId: id, finishId, brandId: brand, price, costPrice: round(price * seed.cost), retired: false });
        }
      });
    }
  });
  return { usageAreas, units, brands, items, prices };
}

/** Entities per transaction: each writes its item, its name marker and its audit entry. */
const PER_TRANSACTION = 30;

/**
 * Seeds the rate library when the table has none (no version item): in
 * deterministic chunks, each created whole or found already there, then the
 * version item, written last and only if absent. A library staff emptied
 * keeps its version item, so it is never seeded again.
 */
export async function seedRateLibrary(db: Db, now = new Date().toISOString()): Promise<boolean> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.rateLibraryVersion(), ConsistentRead: true }));
  if (Item) return false;
  const ctx = systemContext(now, 'first-start');
  const seed = rateLibrarySeed(now);
  const { area, unit, brand, item, price } = rateLibraryEntities;
  const writes: TransactItem[][] = [
    ...seed.units.map((entry) => unit.createWrites(db, entry, ctx)),
    ...seed.brands.map((entry) => brand.createWrites(db, entry, ctx)),
    ...seed.usageAreas.map((entry) => area.createWrites(db, entry, ctx)),
    ...seed.items.map((entry) => item.createWrites(db, entry, ctx)),
    ...seed.prices.map((entry) => price.createWrites(db, entry, ctx)),
  ];
  for (let i = 0; i < writes.length; i += PER_TRANSACTION) {
    await transactWrite(db, writes.slice(i, i + PER_TRANSACTION).flat()).catch((error: unknown) => {
      // Already there from a run that stopped half-way: a key this chunk creates is taken.
      if (!isTransactionCanceled(error) || failedConditionEntries(error).length === 0) throw error;
    });
  }
  await db.doc
    .send(
      new PutCommand({
        TableName: db.table,
        Item: { ...keys.rateLibraryVersion(), entityType: 'RateLibraryVersion', version: 1 },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionalCheckFailed(error)) throw error;
    });
  return true;
}
