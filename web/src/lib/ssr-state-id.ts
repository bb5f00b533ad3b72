/** The id of the JSON script holding a server-rendered page's query cache (ssr-state.ts): its own module, for the boot script. */
export const SSR_STATE_ID = 'ssr-state';
