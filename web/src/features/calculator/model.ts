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
  [HONEYPOT_FIELD]: string;
}

/** The empty form (also what 'Submit Another Project' returns to). */
export const CALCULATOR_INITIAL_VALUES: CalculatorFormValues = {
  bhk: '',
  area: 0,
  material: 'basic',
  rooms: 'all',
  name: '',
  phone: '',
  email: '',
  city: '',
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
