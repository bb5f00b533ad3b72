/** The message a stale update shows, with a reload action beside it. */
export const STALE_LEAD_MESSAGE = 'Someone else changed this lead. Reload it to see their changes.';
