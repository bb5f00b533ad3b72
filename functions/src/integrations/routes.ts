// The integrations module's HTTP routes, for the hosts that mount them (app.ts).
export { googleAdsWebhook, metaWebhook } from './webhooks-routes';
export { integrations } from './integrations-routes';
