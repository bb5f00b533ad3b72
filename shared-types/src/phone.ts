/**
 * Reduces a phone number to the digits that identify it: the key of "one lead
 * per phone". An Indian number becomes its 10 national digits however its
 * prefix is written ('+91', '0091', '91', a trunk '0', '0 0', '+91 0'), so
 * '+91 98480-12345', '0091 98480 12345', '+91 0 98480 12345', '0 0 98480 12345'
 * and '9848012345' are the same lead; landlines lose their STD code's trunk 0
 * ('040 2345 6789' is '4023456789'). Other numbers keep all their digits but
 * the leading zeros of an international '00' prefix ('0044 …' is '+44 …').
 */
export function normalizePhone(input: string): string {
  const digits = input.replace(/\D/g, '');
  // '00' (international prefix) and '0' (trunk prefix), however many.
  const rest = digits.replace(/^0+/, '');
  if (rest.startsWith('91')) {
    const national = rest.slice(2).replace(/^0+/, '');
    if (national.length === 10) return national;
  }
  return rest || digits;
}

/** True when the text looks like a dialable phone number (10 to 15 digits, common separators). */
export function isValidPhone(input: string): boolean {
  if (!/^\+?[\d\s\-().]+$/.test(input.trim())) return false;
  const digits = input.replace(/\D/g, '');
  return digits.length >= 10 && digits.length <= 15;
}

/** A phone number as WhatsApp addresses it: its E.164 digits without '+', India (91) when no country code is given. */
export function whatsappDigits(phone: string): string {
  const digits = normalizePhone(phone);
  return digits.length === 10 ? `91${digits}` : digits;
}

/** https://wa.me link for the business phone, with an optional prefilled message. */
export function whatsappLink(phone: string, text?: string): string {
  let digits = phone.replace(/\D/g, '');
  if (digits.length === 10) digits = `91${digits}`;
  const query = text ? `?text=${encodeURIComponent(text)}` : '';
  return `https://wa.me/${digits}${query}`;
}

/**
 * The one way a phone number is shown: an Indian number (10 digits after
 * normalising) as '+91 98765 43210', any other number as typed, trimmed.
 */
export function formatPhone(input: string): string {
  const digits = normalizePhone(input);
  if (digits.length === 10 && /^[6-9]/.test(digits)) return `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
  return input.trim();
}
