import {
  CONTACT_PROJECT_TYPES,
  CONTACT_PROJECT_TYPE_LABELS,
  type ContactProjectType,
} from '@app/shared-types/constants';
import { HONEYPOT_FIELD, contactSchema, type ContactInput } from '@app/shared-types/forms';

export interface ContactFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  projectType: ContactProjectType | '';
  message: string;
  /** 'Send me updates on WhatsApp': unticked until the visitor ticks it. */
  whatsappConsent: boolean;
  [HONEYPOT_FIELD]: string;
}

export const CONTACT_INITIAL_VALUES: ContactFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  projectType: '',
  message: '',
  whatsappConsent: false,
  [HONEYPOT_FIELD]: '',
};

/** Exactly SPEC.md's four project types; the field is optional, so none chosen stays empty. */
export const PROJECT_TYPE_OPTIONS = CONTACT_PROJECT_TYPES.map((value) => ({ value, label: CONTACT_PROJECT_TYPE_LABELS[value] }));

/** The request body: the form values cleaned by the schema the server validates with. */
export function toContactInput(values: ContactFormValues): ContactInput {
  return contactSchema.validateSync(values, { stripUnknown: true });
}

/** A tel: link for a displayed phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The Google Maps embed for the office, and a link that opens the same place in Maps. */
export function mapEmbedUrl(query: string): string {
  return `https://www.google.com/maps?q=${encodeURIComponent(query)}&output=embed`;
}

export function mapLinkUrl(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
