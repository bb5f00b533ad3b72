import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_SIZE_MESSAGE,
  ATTACHMENT_TYPE_MESSAGE,
  MAX_ATTACHMENT_BYTES,
  attachmentUploadRequestSchema,
  detectAttachmentType,
  EXPENSE_CATEGORIES,
  INCOME_CATEGORIES,
  NO_CONTRIBUTION,
  PAYMENT_STAGES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  categoriesFor,
  categoryLabel,
  contributionOf,
  csvCell,
  csvFileName,
  csvLine,
  directionOf,
  fiscalYearMonths,
  formatTransactionId,
  marginPercent,
  paymentPlanSchema,
  round2,
  stageAmounts,
  stageDemandSchema,
  stageState,
  summaryOf,
  transactionCreateSchema,
  transactionListQuerySchema,
  transactionUpdateSchema,
  vendorBadge,
} from './finance';
import { MAX_MONEY } from './forms';
import { rows, testRows, validate, type Accepts, type Refuses } from './schema-test-kit';

const validTransaction = { type: 'income', category: 'design_fee', amount: 1000, description: 'Design fee' };

/** The rules of every transaction field, shared by create and update. */
function transactionRows(): { accepts: Accepts[]; refuses: Refuses[] } {
  const description = rows.freeText('description', { multiline: true, required: 'Description is required' });
  const reference = rows.freeText('referenceNumber', { multiline: false });
  return {
    accepts: [
      ...TRANSACTION_TYPES.filter((type) => directionOf(type) === 'in').map((type): Accepts => ['type', type, type]),
      ['amount', 1, 1],
      ['amount', 0.01, 0.01],
      ['amount', '1,25,000.50', 125_000.5],
      ['amount', '₹ 500', 500],
      // Issue 24: at most ₹1,000 crore (was ₹1 lakh crore).
      ['amount', MAX_MONEY, MAX_MONEY],
      ['taxAmount', undefined, 0],
      ['taxAmount', '', 0],
      ['taxAmount', null, 0],
      ['taxAmount', '180.18', 180.18],
      ['projectId', undefined, null],
      ['projectId', 'none', null],
      ['projectId', '', null],
      ['projectId', 'b6f1c0de-0000-4000-8000-000000000001', 'b6f1c0de-0000-4000-8000-000000000001'],
      ['customerId', 'none', null],
      ['vendorId', 'none', null],
      ['stageName', 'none', null],
      ['stageName', '', null],
      ['stageName', ' Advance ', 'Advance'],
      ['paymentMethod', undefined, 'cash'],
      ['paymentMethod', 'upi', 'upi'],
      ['status', undefined, 'pending'],
      ...TRANSACTION_STATUSES.map((status): Accepts => ['status', status, status]),
      ['isRecurring', undefined, false],
      ['isRecurring', true, true],
      ...rows.date('transactionDate').accepts,
      ...rows.date('dueDate').accepts,
      ['referenceNumber', undefined, ''],
      ...rows.maxLength('description', 1000, 'Description is too long (1000 characters at most)').accepts,
      ...description.accepts,
      ...reference.accepts,
      ['attachments', undefined, []],
    ],
    refuses: [
      ['type', undefined, 'Type is required'],
      ['type', '', 'Type is required'],
      ['type', 'gift', 'Choose income, expense, advance or refund'],
      ['category', undefined, 'Category is required'],
      ['category', '', 'Category is required'],
      ['category', 'material_purchase', 'Choose a category of this type'],
      ['category', 'anything', 'Choose a category of this type'],
      ['amount', undefined, 'Amount is required'],
      ['amount', 0, 'Amount must be more than 0'],
      ['amount', -1, 'Amount must be more than 0'],
      ['amount', 1.005, 'Amount can have at most two decimals'],
      ['amount', '12.345', 'Amount can have at most two decimals'],
      ['amount', 'ten', 'Amount must be a number in rupees'],
      ['amount', '1e5', 'Amount must be a number in rupees'],
      ['amount', 1_000_000_000_001, 'Amount is too large'],
      ['amount', MAX_MONEY + 0.01, 'Amount is too large'],
      ['taxAmount', -0.01, 'GST cannot be negative'],
      ['taxAmount', 0.001, 'GST can have at most two decimals'],
      ['projectId', '../../etc', 'Project is not a valid id'],
      ['vendorId', 'x'.repeat(65), 'Vendor is not a valid id'],
      ['customerId', ['x'], 'Customer must be an id'],
      ['stageName', 'x'.repeat(61), 'Stage name is too long (60 characters at most)'],
      ['paymentMethod', 'bitcoin', 'Choose cash, cheque, bank transfer, UPI or card'],
      ['status', 'paid', 'Choose completed, pending, failed or cancelled'],
      ['isRecurring', 'sometimes', 'Recurring must be true or false'],
      ...rows.date('transactionDate').refuses,
      ...rows.date('dueDate').refuses,
      ...rows.required('description', 'Description is required'),
      ...rows.maxLength('description', 1000, 'Description is too long (1000 characters at most)').refuses,
      ...description.refuses,
      ...reference.refuses,
      ['referenceNumber', 'x'.repeat(101), 'Reference number is too long (100 characters at most)'],
    ],
  };
}

describe('transactionCreateSchema (POST /api/transactions)', () => {
  testRows(transactionCreateSchema, validTransaction, transactionRows());

  it('names type, category, amount and description in an empty dialog', async () => {
    expect((await validate(transactionCreateSchema, {})).errors).toEqual({
      type: 'Type is required',
      category: 'Category is required',
      amount: 'Amount is required',
      description: 'Description is required',
    });
  });

  it('takes categories of the type: the income list for income and advance, the expense list for expense and refund', async () => {
    for (const type of TRANSACTION_TYPES) {
      for (const category of [...INCOME_CATEGORIES, ...EXPENSE_CATEGORIES]) {
        const { errors } = await validate(transactionCreateSchema, { ...validTransaction, type, category });
        const fits = (categoriesFor(type) as readonly string[]).includes(category);
        expect(errors, `${type} ${category}`).toEqual(fits ? {} : { category: 'Choose a category of this type' });
      }
    }
  });

  it('fills the API defaults (pending, cash, no references)', async () => {
    expect((await validate(transactionCreateSchema, validTransaction)).value).toEqual({
      ...validTransaction,
      stageName: null,
      taxAmount: 0,
      projectId: null,
      customerId: null,
      vendorId: null,
      paymentMethod: 'cash',
      status: 'pending',
      transactionDate: null,
      dueDate: null,
      referenceNumber: '',
      isRecurring: false,
      attachments: [],
    });
  });
});

describe('transactionUpdateSchema (PUT /api/transactions/:id)', () => {
  testRows(transactionUpdateSchema, { ...validTransaction, version: 3 }, rows.versioned(transactionRows()));
});

describe('transactionListQuerySchema (GET /api/transactions)', () => {
  const paging = rows.listQuery(25);
  testRows(transactionListQuerySchema, {}, {
    accepts: [
      ...TRANSACTION_TYPES.map((type): Accepts => ['type', type, type]),
      ...TRANSACTION_STATUSES.map((status): Accepts => ['status', status, status]),
      ['from', '2026-04-01', '2026-04-01'],
      ['to', '2027-03-31', '2027-03-31'],
      ...paging.accepts,
    ],
    refuses: [['type', 'gift', 'Unknown type'], ['status', 'paid', 'Unknown status'], ['from', '2026-02-30', 'Enter a real date'], ...paging.refuses],
  });
});

describe('paymentPlanSchema and stageDemandSchema', () => {
  const stages = PAYMENT_STAGES.map((stage) => ({ name: stage.name, percent: stage.percent }));

  it('accepts the default plan and one of 33.3 + 33.3 + 33.4', async () => {
    expect((await validate(paymentPlanSchema, { stages, version: 1 })).errors).toEqual({});
    const thirds = [{ name: 'A', percent: 33.3 }, { name: 'B', percent: 33.3 }, { name: 'C', percent: 33.4 }];
    expect((await validate(paymentPlanSchema, { stages: thirds, version: 1 })).errors).toEqual({});
  });

  it.each([
    [[{ name: 'A', percent: 50 }, { name: 'B', percent: 40 }], 'stages', 'The percentages must add up to 100'],
    [[{ name: 'A', percent: 50 }, { name: 'a', percent: 50 }], 'stages', 'Each stage needs its own name'],
    [[], 'stages', 'A plan needs at least one stage'],
    [[{ name: 'A', percent: 0 }, { name: 'B', percent: 100 }], 'stages[0].percent', 'Percent must be more than 0'],
    [[{ name: 'A', percent: 33.33 }, { name: 'B', percent: 66.67 }], 'stages[0].percent', 'Percent can have at most one decimal'],
    [[{ name: '', percent: 100 }], 'stages[0].name', 'Stage name is required'],
  ])('refuses %j', async (plan, path, message) => {
    expect((await validate(paymentPlanSchema, { stages: plan, version: 1 })).errors[path]).toBe(message);
  });

  it('a demand names its stage; the due date is optional', async () => {
    expect((await validate(stageDemandSchema, {})).errors).toEqual({ stageName: 'Stage is required' });
    expect((await validate(stageDemandSchema, { stageName: 'Advance' })).value).toEqual({ stageName: 'Advance', dueDate: null });
  });
});

describe('figures', () => {
  it('an advance counts with income, a refund with expense; only completed counts, pending gives receivables or payables', () => {
    const tx = (type: (typeof TRANSACTION_TYPES)[number], status: (typeof TRANSACTION_STATUSES)[number]) => contributionOf({ type, status, amount: 100, taxAmount: 18 });
    expect(tx('income', 'completed')).toEqual({ ...NO_CONTRIBUTION, income: 100, gstCollected: 18 });
    expect(tx('advance', 'completed')).toEqual({ ...NO_CONTRIBUTION, income: 100, gstCollected: 18 });
    expect(tx('expense', 'completed')).toEqual({ ...NO_CONTRIBUTION, expense: 100, gstPaid: 18 });
    expect(tx('refund', 'completed')).toEqual({ ...NO_CONTRIBUTION, expense: 100, gstPaid: 18 });
    expect(tx('income', 'pending')).toEqual({ ...NO_CONTRIBUTION, receivable: 100 });
    expect(tx('advance', 'pending')).toEqual({ ...NO_CONTRIBUTION, receivable: 100 });
    expect(tx('expense', 'pending')).toEqual({ ...NO_CONTRIBUTION, payable: 100 });
    for (const status of ['failed', 'cancelled'] as const) {
      expect(tx('income', status)).toEqual(NO_CONTRIBUTION);
      expect(tx('refund', status)).toEqual(NO_CONTRIBUTION);
    }
  });

  it('the summary totals amounts (GST apart), profit and cash flow, to the paisa', () => {
    const total = { income: 0.1 + 0.2, expense: 100.25, receivable: 500, payable: 750.25, gstCollected: 18.004, gstPaid: 9 };
    const month = { ...NO_CONTRIBUTION, income: 0.3, expense: 40 };
    expect(summaryOf(total, month, 3, '2026-11')).toEqual({
      totalIncome: 0.3,
      thisMonthIncome: 0.3,
      totalExpenses: 100.25,
      thisMonthExpenses: 40,
      netProfit: -99.95,
      cashFlow: -250.25,
      overduePayments: 3,
      pendingReceivables: 500,
      pendingPayables: 750.25,
      gstCollected: 18,
      gstPaid: 9,
      month: '2026-11',
    });
  });

  it('rounds half away from zero', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(-1.005)).toBe(-1.01);
    expect(round2(2.675)).toBe(2.68);
  });

  it.each([
    [25_000, 100_000, 25],
    [1, 3, 33.3],
    [2, 3, 66.7],
    [-5_000, 100_000, -5],
    [5_000, 0, 0],
    [5_000, -10, 0],
    [5_000, null, 0],
  ])('margin of profit %d on budget %s is %d%%', (profit, budget, percent) => {
    expect(marginPercent(profit, budget)).toBe(percent);
  });

  it('vendor badge: Payment Due while anything is outstanding', () => {
    expect(vendorBadge(0.01)).toBe('Payment Due');
    expect(vendorBadge(0)).toBe('Cleared');
    expect(vendorBadge(-5)).toBe('Cleared');
  });

  it('stage amounts: the share of the budget and the GST on it, to the paisa', () => {
    expect(PAYMENT_STAGES.map((stage) => stageAmounts(1_000_000, stage.percent, 18))).toEqual([
      { amount: 200_000, tax: 36_000 },
      { amount: 300_000, tax: 54_000 },
      { amount: 300_000, tax: 54_000 },
      { amount: 150_000, tax: 27_000 },
      { amount: 50_000, tax: 9000 },
    ]);
    expect(PAYMENT_STAGES.reduce((sum, stage) => sum + stage.percent, 0)).toBe(100);
    expect(stageAmounts(333_333.33, 33.3, 18)).toEqual({ amount: 111_000, tax: 19_980 });
    expect(stageAmounts(1234.56, 5, 12)).toEqual({ amount: 61.73, tax: 7.41 });
    expect(stageAmounts(null, 20, 18)).toEqual({ amount: 0, tax: 0 });
    expect(stageAmounts(-100, 20, 18)).toEqual({ amount: 0, tax: 0 });
  });

  it.each([
    [{ amount: 100, received: 0, demanded: false, dueDate: null }, 'not_demanded'],
    [{ amount: 100, received: 0, demanded: true, dueDate: '2026-11-22' }, 'demanded'],
    [{ amount: 100, received: 0, demanded: true, dueDate: null }, 'demanded'],
    [{ amount: 100, received: 0, demanded: true, dueDate: '2026-11-21' }, 'overdue'],
    [{ amount: 100, received: 40, demanded: true, dueDate: '2026-11-01' }, 'partly_received'],
    [{ amount: 100, received: 40, demanded: false, dueDate: null }, 'partly_received'],
    [{ amount: 100, received: 100, demanded: true, dueDate: '2026-11-01' }, 'received'],
    [{ amount: 100, received: 120, demanded: false, dueDate: null }, 'received'],
    [{ amount: 0, received: 0, demanded: false, dueDate: null }, 'not_demanded'],
  ] as const)('stage %j is %s on 2026-11-22', (stage, state) => {
    expect(stageState(stage, '2026-11-22')).toBe(state);
  });

  it.each([
    ['04-01', '2026-11-22', '2026-27', '2026-04', '2027-03'],
    ['04-01', '2027-03-31', '2026-27', '2026-04', '2027-03'],
    ['04-01', '2027-04-01', '2027-28', '2027-04', '2028-03'],
    ['01-01', '2026-11-22', '2026', '2026-01', '2026-12'],
    ['10-01', '2026-09-30', '2025-26', '2025-10', '2026-09'],
    ['bogus', '2026-05-01', '2026-27', '2026-04', '2027-03'],
  ])('fiscal year from %s holding %s is %s (%s to %s)', (start, today, label, first, last) => {
    const { label: got, months } = fiscalYearMonths(start, today);
    expect(got).toBe(label);
    expect(months).toHaveLength(12);
    expect([months[0], months[11]]).toEqual([first, last]);
    expect(new Set(months).size).toBe(12);
  });
});

describe('labels, numbers and CSV', () => {
  it('labels categories and numbers transactions', () => {
    expect(categoryLabel('material_purchase')).toBe('Material Purchase');
    expect(formatTransactionId(2026, 42)).toBe('TXN-2026-00042');
    expect(formatTransactionId(2026, 123_456)).toBe('TXN-2026-123456');
  });

  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+91 98480', "'+91 98480"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tTab', "'\tTab"],
    ['\rCR', `"'\rCR"`],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x","y")', `"'=HYPERLINK(""x"",""y"")"`],
    ['plain', 'plain'],
    ['', ''],
  ])('csvCell(%j) is %j', (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it('writes numbers as they are and nothing for null', () => {
    expect(csvCell(-500.5)).toBe('-500.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvLine(['2026-11-22', 'Income', 1000.5, null, '=1+1'])).toBe("2026-11-22,Income,1000.5,,'=1+1");
  });

  it('names a file by report and date', () => {
    expect(csvFileName('transactions', '2026-11-22')).toBe('transactions-2026-11-22.csv');
    expect(csvFileName('vendors', '2027-01-01')).toBe('vendors-2027-01-01.csv');
  });
});

describe('attachments', () => {
  it('tells PDF, JPEG and PNG by their first bytes, and nothing else', () => {
    const bytes = (...values: number[]) => Uint8Array.from(values);
    const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
    expect(detectAttachmentType(ascii('%PDF-1.7\n'))).toBe('application/pdf');
    expect(detectAttachmentType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(detectAttachmentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    // WebP is a photo type, not an attachment type; text is neither, whatever its name says.
    expect(detectAttachmentType(ascii('RIFF\0\0\0\0WEBPVP8 '))).toBeNull();
    expect(detectAttachmentType(ascii('<html>%PDF-'))).toBeNull();
    expect(detectAttachmentType(new Uint8Array())).toBeNull();
  });

  it('asks for a name, a PDF, JPEG or PNG type and a size up to 10 MB before signing an upload form', () => {
    const valid = { name: 'receipt.pdf', contentType: 'application/pdf', size: 1000 };
    expect(attachmentUploadRequestSchema.validateSync(valid)).toEqual(valid);
    expect(() => attachmentUploadRequestSchema.validateSync({ ...valid, contentType: 'text/html' })).toThrow(ATTACHMENT_TYPE_MESSAGE);
    expect(() => attachmentUploadRequestSchema.validateSync({ ...valid, size: MAX_ATTACHMENT_BYTES + 1 })).toThrow(ATTACHMENT_SIZE_MESSAGE);
    expect(() => attachmentUploadRequestSchema.validateSync({ ...valid, name: ' ' })).toThrow('File name is required');
  });
});
