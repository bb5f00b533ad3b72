import { describe, expect, it } from 'vitest';
import { makeVendor } from './test-fixtures';
import {
  NEW_VENDOR_VALUES,
  parseVendorFilters,
  toVendorFormValues,
  toVendorInput,
  vendorFormErrors,
} from './model';

describe('vendor form values', () => {
  it('become the API body through the shared schema: numbers parsed, GST and PAN upper-cased, one document per line', () => {
    const input = toVendorInput({
      ...NEW_VENDOR_VALUES,
      name: ' Deccan Stones ',
      category: 'flooring',
      phone: '9000011111',
      gstNumber: '36aabcu9603r1zm',
      panNumber: 'aabcu9603r',
      rating: '4',
      creditLimit: '1,50,000.50',
      totalOrders: '12',
      totalAmount: '',
      documents: ' https://example.com/gst.pdf \n\nrate-card.xlsx\n',
    });
    expect(input).toMatchObject({
      name: 'Deccan Stones',
      gstNumber: '36AABCU9603R1ZM',
      panNumber: 'AABCU9603R',
      rating: 4,
      creditLimit: 150000.5,
      totalOrders: 12,
      totalAmount: 0,
      lastOrderDate: null,
      documents: ['https://example.com/gst.pdf', 'rate-card.xlsx'],
    });
  });

  it('round-trip a saved vendor unchanged', () => {
    const vendor = makeVendor({ id: 'v', name: 'Sai', creditLimit: 25000, documents: ['a.pdf', 'b.pdf'], lastOrderDate: '2025-03-01', rating: 2 });
    const { id: _id, createdAt: _c, updatedAt: _u, version: _v, ...fields } = vendor;
    expect(toVendorInput(toVendorFormValues(vendor))).toEqual(fields);
  });

  it('are checked by the schema the server uses, errors keyed by form field', () => {
    expect(vendorFormErrors(NEW_VENDOR_VALUES)).toEqual({
      name: 'Vendor name is required',
      category: 'Category is required',
      phone: 'Phone number is required',
    });
    const errors = vendorFormErrors({ ...NEW_VENDOR_VALUES, name: 'A', category: 'civil', phone: '9000011111', documents: 'x'.repeat(501), rating: '6' });
    expect(errors).toEqual({
      documents: 'A document link or name is too long (500 characters at most)',
      rating: 'Rating must be a whole number from 1 to 5',
    });
  });
});

describe('vendor filters', () => {
  it('read known values from the URL', () => {
    const filters = parseVendorFilters(new URLSearchParams('q=%20sai%20&category=lighting&status=paused'));
    expect(filters).toEqual({ q: ' sai ', category: 'lighting', status: '' });
  });
});
