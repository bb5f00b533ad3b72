/**
 * Reduces a phone number to the digits that identify it, so '+91 98480-12345',
 * '098480 12345' and '9848012345' are the same lead. Indian numbers lose their
 * country code or trunk prefix; other numbers keep all their digits.
 */
export function normalizePhone(input: string): string {
  const digits = input.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  return digits;
}

/** True when the text looks like a dialable phone number (10 to 15 digits, common separators). */
export function isValidPhone(input: string): boolean {
  if (!/^\+?[\d\s\-().]+$/.test(input.trim())) return false;
  const digits = input.replace(/\D/g, '');
  return digits.length >= 10 && digits.length <= 15;
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
