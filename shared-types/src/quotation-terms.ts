import * as yup from 'yup';
import { PAYMENT_STAGES, round2, type PlanStage } from './finance';

/**
 * What a quote is issued with besides its rows (issue 25): the letterhead,
 * the GST rate and the payment plan. They are frozen in the quote when it is
 * sent (or approved), so its PDF and the client's page stay the document as
 * it was then, whatever Settings say later; a draft reads them live.
 */

/** The letterhead a quote carries: Settings > Company's fields it shows. */
export interface Letterhead {
  companyName: string;
  companyAddress: string;
  companyPhone: string;
  companyEmail: string;
  gstNumber: string;
  /** Settings > Company > Tax number; absent from letterheads kept before it was shown. */
  taxNumber?: string;
  companyLogo: string;
}

const kept = () => yup.string().defined().default('');
const letterheadSchema = yup.object({
  companyName: kept(),
  companyAddress: kept(),
  companyPhone: kept(),
  companyEmail: kept(),
  gstNumber: kept(),
  taxNumber: kept(),
  companyLogo: kept(),
});

/** A quote's frozen issue: null on a draft, and on quotes stored before it existed (they read Settings live). */
export const quotationIssueSchema = yup
  .object({
    company: letterheadSchema.required(),
    taxRate: yup.number().required(),
    paymentPlan: yup
      .array(yup.object({ name: yup.string().required(), percent: yup.number().required() }))
      .required(),
  })
  .nullable()
  .default(null);
export type QuotationIssue = NonNullable<yup.InferType<typeof quotationIssueSchema>>;
/** What a quote's page and PDF are drawn with: its frozen issue, or the one of now (a letterhead from before the tax number reads without one). */
export interface IssueView {
  company: Letterhead;
  taxRate: number;
  paymentPlan: readonly PlanStage[];
}

/** SPEC.md 9's plan, what a quote without a project bills by. */
export const DEFAULT_PAYMENT_PLAN: readonly PlanStage[] = PAYMENT_STAGES.map(({ name, percent }) => ({ name, percent }));

/** The GST on a quote's grand total (which keeps tax apart, as the project budget does) and the total including it. */
export function quotationTax(grandTotal: number, taxRate: number): { taxRate: number; taxAmount: number; totalWithTax: number } {
  const taxAmount = round2((grandTotal * taxRate) / 100);
  return { taxRate, taxAmount, totalWithTax: round2(grandTotal + taxAmount) };
}

/** The plan as a term: 'Payments: 20% Advance, 30% Design Approval, ...'. */
export function paymentTermsLine(plan: readonly PlanStage[]): string {
  return `Payments: ${plan.map((stage) => `${stage.percent}% ${stage.name}`).join(', ')}.`;
}

const PAYMENTS_TERM = /^(\s*(?:\d+[.)]\s*)?)Payments?\s*:.*$/i;

/**
 * The notes with their payment term ('3. Payments: ...') written from the
 * plan, so the terms and the plan the project bills by are one source; notes
 * without one get it as their last line.
 */
export function withPlanTerms(notes: string, plan: readonly PlanStage[]): string {
  const line = paymentTermsLine(plan);
  let found = false;
  const lines = notes.split('\n').map((each) => {
    const match = PAYMENTS_TERM.exec(each);
    if (!match) return each;
    found = true;
    return `${match[1] ?? ''}${line}`;
  });
  if (found) return lines.join('\n');
  return notes.trim() ? `${notes.replace(/\s+$/, '')}\n${line}` : line;
}
