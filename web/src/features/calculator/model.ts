import {
  MATERIALS,
  MATERIAL_LABELS,
  PROPERTY_TYPES,
  PROPERTY_TYPE_LABELS,
  ROOM_SCOPES,
  ROOM_SCOPE_LABELS,
  type Material,
  type PropertyType,
  type RoomScope,
} from '@app/shared-types/constants';
import { HONEYPOT_FIELD, calculatorSchema, type CalculatorInput } from '@app/shared-types/forms';
import { formatINR } from '@app/shared-types/format';
import type { Estimate, EstimateInput } from '@app/shared-types/pricing';

/** What the form holds: no property type until one is chosen; the area input may be empty. */
export interface CalculatorFormValues {
  bhk: PropertyType | '';
  area: number | '';
  material: Material;
  rooms: RoomScope;
  name: string;
  phone: string;
  email: string;
  city: string;
  /** 'Send me updates on WhatsApp': unticked until the visitor ticks it. */
  whatsappConsent: boolean;
  [HONEYPOT_FIELD]: string;
}

/** The empty form (also what 'Submit Another Project' returns to): Carpet Area empty, not 0. */
export const CALCULATOR_INITIAL_VALUES: CalculatorFormValues = {
  bhk: '',
  area: '',
  material: 'basic',
  rooms: 'all',
  name: '',
  phone: '',
  email: '',
  city: '',
  whatsappConsent: false,
  [HONEYPOT_FIELD]: '',
};

export const PROPERTY_TYPE_OPTIONS = PROPERTY_TYPES.map((value) => ({ value, label: PROPERTY_TYPE_LABELS[value] }));
export const MATERIAL_OPTIONS = MATERIALS.map((value) => ({ value, label: MATERIAL_LABELS[value] }));
export const ROOM_SCOPE_OPTIONS = ROOM_SCOPES.map((value) => ({ value, label: ROOM_SCOPE_LABELS[value] }));

/** The request body: the form values cleaned by the same schema the server validates with. */
export function toCalculatorInput(values: CalculatorFormValues): CalculatorInput {
  return calculatorSchema.validateSync(values, { stripUnknown: true });
}

/** What the call with the team covers (shown on the Thank You screen). */
export const CALL_EXPECTATIONS = [
  'Understand your requirements, lifestyle and preferred style',
  'Walk through this estimate and your material options',
  'Plan a free site visit or a design consultation',
  'Agree on the timeline and the next steps',
] as const;

/** The WhatsApp message a submitter can send straight after the Thank You screen. */
export function whatsappFollowUpText(name: string): string {
  return `Hi, I'm ${name}. I just requested a free estimate on your website and would like to discuss my project.`;
}

/**
 * What the estimate's range is, next to the material band the visitor chose: the band is
 * the finish's rate, and the range per sq ft of carpet area is that band adjusted for the
 * kind of property and the rooms chosen (a 3 BHK's or a villa's range goes above the band's
 * top, a few rooms' below its bottom). The design fee is on top of the range.
 */
export function estimateBasis(input: EstimateInput, estimate: Pick<Estimate, 'minCost' | 'maxCost' | 'designFee'>): string {
  const perSqft = (cost: number) => formatINR(input.area > 0 ? Math.round(cost / input.area) : 0);
  return (
    `Material band: ${MATERIAL_LABELS[input.material]}. ` +
    `Your range is ${perSqft(estimate.minCost)} – ${perSqft(estimate.maxCost)} per sq ft of carpet area: ` +
    `the band adjusted for a ${PROPERTY_TYPE_LABELS[input.bhk]} (wet areas, ceilings and joinery) ` +
    `and for the rooms chosen (${ROOM_SCOPE_LABELS[input.rooms]}). ` +
    `The design fee of ${formatINR(estimate.designFee)} is in addition.`
  );
}
