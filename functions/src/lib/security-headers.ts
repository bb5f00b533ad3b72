/**
 * The security headers of every response, in one place: CloudFront's response
 * headers policy (infra/src/constructs/web.ts) and the local host
 * (functions/src/local/server.ts) both read them from here, so the two cannot
 * drift. Plain data and string functions only: infra imports this module.
 */

/** The origin of the Google Maps embed (frame-src), which the contact page checks it can reach first (connect-src). */
export const MAP_ORIGIN = 'https://www.google.com';

/**
 * What the SPA loads: its own files, inline styles (MUI/emotion inject <style>
 * tags at run time), data: and blob: images (photo previews), the Instagram
 * embed script and its frames, and the Google Maps embed frame on the contact
 * page. The API is same-origin; the other places it talks to are Google Maps
 * (a reachability check before the map is embedded, MAP_ORIGIN) and the
 * photos bucket and the backup bucket (`photoUploadOrigin`, one origin or
 * several), where the portal sends presigned uploads. The local host takes uploads on its own origin, so it passes none.
 *
 * `upgradeInsecureRequests: false` is for a host served over plain http (the
 * local server): there the directive would send the page's own requests to an
 * https:// address nothing answers (e.g. http://192.168.1.5:3000).
 */
export function contentSecurityPolicy(
  photoUploadOrigin?: string | readonly string[],
  { upgradeInsecureRequests = true }: { upgradeInsecureRequests?: boolean } = {},
): string {
  return [
    "default-src 'self'",
    "script-src 'self' https://www.instagram.com",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // Google: the contact page asks (no-cors, no cookies) whether the map can load before it embeds it.
    ['connect-src', "'self'", MAP_ORIGIN, ...(photoUploadOrigin && photoUploadOrigin.length > 0 ? [photoUploadOrigin].flat() : [])].join(' '),
    'frame-src https://www.instagram.com https://www.google.com https://maps.google.com',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
    ...(upgradeInsecureRequests ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** The headers besides the CSP, as their values are sent. */
export const SECURITY_HEADERS = {
  /** X-Content-Type-Options */
  contentTypeOptions: 'nosniff',
  /** X-Frame-Options */
  frameOptions: 'DENY',
  /** Referrer-Policy */
  referrerPolicy: 'strict-origin-when-cross-origin',
  /** Permissions-Policy */
  permissionsPolicy: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  /** Strict-Transport-Security (https only: CloudFront sends it, the http local host does not). */
  strictTransportSecurity: { maxAgeSeconds: 730 * 24 * 60 * 60, includeSubdomains: true },
} as const;

/**
 * Every security header by name, as a host sends it. HSTS only when the host
 * is served over https.
 */
export function securityHeaders(options: { photoUploadOrigin?: string | readonly string[]; https: boolean }): Record<string, string> {
  const hsts = SECURITY_HEADERS.strictTransportSecurity;
  return {
    'Content-Security-Policy': contentSecurityPolicy(options.photoUploadOrigin, { upgradeInsecureRequests: options.https }),
    'X-Content-Type-Options': SECURITY_HEADERS.contentTypeOptions,
    'X-Frame-Options': SECURITY_HEADERS.frameOptions,
    'Referrer-Policy': SECURITY_HEADERS.referrerPolicy,
    'Permissions-Policy': SECURITY_HEADERS.permissionsPolicy,
    ...(options.https
      ? { 'Strict-Transport-Security': `max-age=${hsts.maxAgeSeconds}${hsts.includeSubdomains ? '; includeSubDomains' : ''}` }
      : {}),
  };
}
