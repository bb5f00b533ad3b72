/** The attribute naming an island's element (island.tsx): its own module, for the boot script, which has no React. */
export const ISLAND_ATTRIBUTE = 'data-island';
