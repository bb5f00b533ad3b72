import type { FunctionRoutes } from '../app-assembly';
import { auth, passwordReset } from '../auth/routes';
import { googleAdsWebhook, metaWebhook } from '../integrations/routes';

/**
 * The routes of the auth function (declared `lambda: 'auth'`): signing in, requesting access, who
 * is signed in, and the lead webhooks (app-assembly.ts FunctionRoutes; checked by
 * functions/test/function-routes.test.ts).
 */
export const AUTH_FUNCTION_ROUTES: FunctionRoutes = {
  lambda: 'auth',
  api: [
    ['/webhooks/meta', metaWebhook],
    ['/webhooks/google-ads', googleAdsWebhook],
    ['/auth', auth],
    ['/auth', passwordReset],
  ],
};
