import {
  CONTACT_PROJECT_TYPE_LABELS,
  MATERIAL_LABELS,
  PROPERTY_TYPE_LABELS,
  ROOM_SCOPE_LABELS,
  type ContactProjectType,
  type LeadProjectType,
  type PropertyType,
} from '@app/shared-types/constants';
import { formatINR } from '@app/shared-types/format';
import type { CalculatorInput, ContactInput } from '@app/shared-types/forms';
import type { WebsiteEnquiry } from './lead-capture';

/** What a website form makes of its lead (the stored submission is added by the caller). */
export type EnquiryFields = Omit<WebsiteEnquiry, 'submission'>;

/** The CRM's project type (SPEC.md 9 lead list) for a calculator property type. */
export const calculatorProjectType: Record<PropertyType, LeadProjectType> = {
  '1bhk': '1BHK',
  '2bhk': '2BHK',
  '3bhk': '3BHK',
  '4bhk': '4BHK',
  villa: 'Villa',
  office: 'Office',
};

/**
 * The CRM's project type for a contact form project type. Residential and
 * consultation have no lead type; the timeline entry keeps the visitor's choice.
 */
const contactProjectType: Record<ContactProjectType, LeadProjectType | ''> = {
  residential: '',
  commercial: 'Commercial',
  consultation: '',
  renovation: 'Renovation',
};

type CalculatorFields = Pick<CalculatorInput, 'bhk' | 'area' | 'material' | 'rooms' | 'name' | 'phone' | 'email' | 'city'> & Partial<Pick<CalculatorInput, 'whatsappConsent'>>;

/** The lead a calculator submission makes (or joins), with its estimate (rupees). */
export function calculatorEnquiry(input: CalculatorFields, estimate: { minCost: number; maxCost: number }, note = ''): EnquiryFields {
  const summary =
    `Cost calculator: ${PROPERTY_TYPE_LABELS[input.bhk]}, ${input.area} sq ft, ` +
    `${MATERIAL_LABELS[input.material]}, ${ROOM_SCOPE_LABELS[input.rooms]}, ${input.city}. ` +
    `Estimate ${formatINR(estimate.minCost)} - ${formatINR(estimate.maxCost)}.`;
  return {
    name: input.name,
    phone: input.phone,
    email: input.email,
    projectType: calculatorProjectType[input.bhk],
    location: input.city,
    requirements: summary,
    estimate: { min: estimate.minCost, max: estimate.maxCost },
    calculator: { bhk: input.bhk, area: input.area, material: input.material, rooms: input.rooms, city: input.city, minCost: estimate.minCost, maxCost: estimate.maxCost },
    summary: `${summary}${note}`,
    ...(input.whatsappConsent === true ? { whatsappConsent: true } : {}),
  };
}

type ContactFields = Pick<ContactInput, 'firstName' | 'lastName' | 'phone' | 'email' | 'projectType' | 'message'> & Partial<Pick<ContactInput, 'whatsappConsent'>>;

/** The lead a contact form message makes (or joins). */
export function contactEnquiry(input: ContactFields, note = ''): EnquiryFields {
  const label = input.projectType ? CONTACT_PROJECT_TYPE_LABELS[input.projectType] : '';
  const leadType = input.projectType ? contactProjectType[input.projectType] : '';
  // A choice the CRM has no project type for (residential, consultation) stays on the lead in words.
  const requirements = label && !leadType ? [`Project type: ${label}`, input.message].filter(Boolean).join('. ') : input.message;
  return {
    name: `${input.firstName} ${input.lastName}`,
    phone: input.phone,
    email: input.email,
    projectType: leadType,
    location: '',
    requirements,
    summary: `Contact form${label ? ` (${label})` : ''}: ${input.message || 'no message'}${note}`,
    ...(input.whatsappConsent === true ? { whatsappConsent: true } : {}),
  };
}
