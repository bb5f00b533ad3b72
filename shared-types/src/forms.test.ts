import { describe, expect, it } from 'vitest';
import { calculatorSchema, contactSchema } from './forms';

describe('public form schemas', () => {
  it('trims text and keeps the form defaults', async () => {
    const value = await calculatorSchema.validate({
      bhk: '2bhk',
      area: '1200',
      material: 'basic',
      rooms: 'all',
      name: '  Priya  ',
      phone: ' 98480 12345 ',
      city: ' Hyderabad ',
    });
    expect(value).toMatchObject({ name: 'Priya', phone: '98480 12345', city: 'Hyderabad', area: 1200, email: '' });
  });

  it('rejects arrays and objects in text fields as validation errors, not crashes', async () => {
    await expect(contactSchema.validateAt('email', { email: ['a@b.co'] })).rejects.toMatchObject({
      name: 'ValidationError',
      message: 'Must be text',
    });
    await expect(contactSchema.validateAt('firstName', { firstName: { $gt: '' } })).rejects.toMatchObject({
      name: 'ValidationError',
    });
  });

  it('treats a blank-only name as missing', async () => {
    await expect(calculatorSchema.validateAt('name', { name: '   ' })).rejects.toThrow('Full name is required');
  });
});
