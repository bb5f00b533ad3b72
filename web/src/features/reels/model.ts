/** The platform's embed script; it turns `blockquote.instagram-media` elements into players. */
export const INSTAGRAM_EMBED_SRC = 'https://www.instagram.com/embed.js';

declare global {
  interface Window {
    instgrm?: { Embeds: { process: () => void } };
  }
}

let embedScript: 'idle' | 'loading' | 'loaded' | 'failed' = 'idle';

function processEmbeds() {
  try {
    window.instgrm?.Embeds.process();
  } catch {
    // A third-party failure must not break the page; the posters stay.
  }
}

/**
 * Loads the embed script once (async, at the end of <body>) and asks it to
 * render the reels on the page. When the platform is unreachable nothing
 * happens: the poster links keep working.
 */
export function loadInstagramEmbeds(): void {
  if (embedScript === 'loaded') {
    processEmbeds();
    return;
  }
  if (embedScript !== 'idle') return;
  embedScript = 'loading';
  const script = document.createElement('script');
  script.src = INSTAGRAM_EMBED_SRC;
  script.async = true;
  script.onload = () => {
    embedScript = 'loaded';
    processEmbeds();
  };
  script.onerror = () => {
    embedScript = 'failed';
  };
  document.body.appendChild(script);
}

/** Poster image of the reel at `index` (0-based). */
export function reelPoster(index: number): string {
  return `/images/reels/reel-${index + 1}.svg`;
}
