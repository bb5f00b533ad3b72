// The auth module's public entry: what other modules, the hosts and other packages use from it.
// Its HTTP routes are in ./routes (for the hosts), so that reaching a module's functions never loads route code.
export { authOf, csrfGuard, nowIso, nowMs, requireManager, requireRole, requireSession, startSessionCookie, websiteContext, writeContext } from './middleware';
export { hashPassword, unusablePasswordHash, type HashSlot } from './password';
export { createSession, deleteSession, type SessionItem } from './session-repo';
export { fileSigningKey, type SigningKey, type SigningKeyProvider } from './signing-key';
export { secretsManagerSigningKey } from './signing-key-aws';
export { disableTwoFactor, getTwoFactor, removeTwoFactor } from './two-factor-repo';
