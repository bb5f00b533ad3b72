export function ensureJava(): void;
export function ensureChromium(): string;
export function ensureTestChromium(): string;
