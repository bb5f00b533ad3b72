export const root: string;
export function buildIfNeeded(options?: { force?: boolean }): void;
