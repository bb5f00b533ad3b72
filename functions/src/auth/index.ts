// The auth module's public entry: what other modules, the hosts and other packages use from it.
// Its HTTP routes are in ./routes (for the hosts), so that reaching a module's functions never loads route code.
import type { Kind } from '../db/kind';
import { attemptsKind } from './login-attempt-repo';
import { passwordResetKind } from './password-reset-repo';
import { sessionKind } from './session-repo';
import { loginChallengeKind, twoFactorKind } from './two-factor-repo';

export { authOf, csrfGuard, nowIso, nowMs, requireManager, requireRole, requireSession, staffSession, startSessionCookie, websiteContext, writeContext } from './middleware';
export { hashPassword, unusablePasswordHash, type HashSlot } from './password';
export { createSession, deleteSession, type SessionItem } from './session-repo';
export { fileSigningKey, type SigningKey, type SigningKeyProvider } from './signing-key';
export { secretsManagerSigningKey } from './signing-key-aws';
export { disableTwoFactor, getTwoFactor, removeTwoFactor } from './two-factor-repo';

/** Its stored kinds, for the catalog of every definition (functions/src/kinds.ts): read when called, so import order never matters. */
export const kinds = (): readonly Kind[] => [sessionKind, attemptsKind, twoFactorKind, loginChallengeKind, passwordResetKind];
