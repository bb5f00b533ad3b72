import { describe, expect, it } from 'vitest';
import { TEXT_NOT_ALLOWED } from './forms';
import { brandInputSchema, itemInputSchema, nameKey, priceInputSchema, priceUpdateSchema, usageAreaInputSchema, usageAreaUpdateSchema } from './rate-library';
import { chars, validate } from './schema-test-kit';

const ID = '0b7a3c1e-8f5d-4a2b-9c6e-1d2f3a4b5c6d';

describe('rate library schemas', () => {
  it('takes a usage area name trimmed, with sort order 0 and not retired by default', async () => {
    expect(await validate(usageAreaInputSchema, { name: '  Master Bedroom ' })).toEqual({ value: { name: 'Master Bedroom', sortOrder: 0, retired: false }, errors: {} });
  });

  it.each([
    [{ name: '' }, { name: 'Usage area name is required' }],
    [{ name: chars(81) }, { name: 'Usage area name is too long (80 characters at most)' }],
    [{ name: 'Bad\u001b[0m' }, { name: TEXT_NOT_ALLOWED }],
    [{ name: 'Hall', sortOrder: 1.5 }, { sortOrder: 'Sort order must be a whole number' }],
    [{ name: 'Hall', retired: 'yes' }, { retired: 'Retired must be true or false' }],
  ])('refuses the usage area %j', async (input, errors) => {
    expect((await validate(usageAreaInputSchema, input)).errors).toEqual(errors);
  });

  it('asks an update for the version it read', async () => {
    expect((await validate(usageAreaUpdateSchema, { name: 'Hall' })).errors).toEqual({ version: 'version is required' });
  });

  it('reads prices as typed: grouped, with a rupee sign, two decimals at most, never negative', async () => {
    const input = { itemId: ID, finishId: ID, price: '₹1,450.50', costPrice: 1015 };
    expect((await validate(priceInputSchema, input)).value).toEqual({ itemId: ID, finishId: ID, brandId: '', price: 1450.5, costPrice: 1015, retired: false });
    expect((await validate(priceUpdateSchema, { price: -1, costPrice: 1.005, version: 1 })).errors).toEqual({
      price: 'Price cannot be negative',
      costPrice: 'Cost price can have at most two decimals',
    });
    expect((await validate(priceUpdateSchema, { price: '', costPrice: 'abc', version: 1 })).errors).toEqual({
      price: 'Price is required',
      costPrice: 'Cost price must be an amount in rupees (up to two decimals)',
    });
  });

  it('checks an item\'s ids, finishes and brands', async () => {
    const refused = await validate(itemInputSchema, {
      usageAreaId: '../etc',
      itemName: 'Wardrobe',
      unitId: ID,
      finishTypes: [{ name: '' }, { id: 'x y', name: 'PU' }],
      brandIds: [ID, { $ne: 1 }],
    });
    expect(refused.errors).toEqual({
      usageAreaId: 'Usage area is not a valid id',
      'finishTypes[0].name': 'Finish type is required',
      'finishTypes[1].id': 'Finish id is not valid',
      'brandIds[1]': 'Brand must be an id',
    });
    expect((await validate(brandInputSchema, { name: 'Hettich', suggested: true })).value).toEqual({ name: 'Hettich', suggested: true, retired: false });
  });

  it('matches names ignoring case and outer spaces', () => {
    expect(nameKey('  Master BEDROOM ')).toBe(nameKey('master bedroom'));
  });
});
