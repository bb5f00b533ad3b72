/** Parses ALLOWED_ORIGINS ("https://a.example, https://b.example") into origins; invalid entries are an error. */
export function allowedOriginsFrom(value: string | undefined): string[] {
  if (!value?.trim()) return [];
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const origin = new URL(entry).origin;
      if (origin === 'null') throw new Error(`ALLOWED_ORIGINS: '${entry}' is not an http(s) origin`);
      return origin;
    });
}
