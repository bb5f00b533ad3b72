// The auth module's public entry: what other modules, the hosts and other packages use from it.
export { auth } from './auth-routes';
export { authOf, csrfGuard, nowIso, nowMs, requireManager, requireRole, requireSession, startSessionCookie, websiteContext, writeContext } from './middleware';
export { hashPassword, type HashSlot } from './password';
export { hitRateLimit } from './rate-limit-repo';
export { createSession, deleteSession, type SessionItem } from './session-repo';
export { fileSigningKey, type SigningKeyProvider } from './signing-key';
export { secretsManagerSigningKey } from './signing-key-aws';
export { disableWrites, getTwoFactor } from './two-factor-repo';
