// The blog module's public entry: what other modules, the hosts and other packages use from it.
// Its HTTP routes are in ./routes (for the hosts), so that reaching a module's functions never loads route code.
import type { Kind } from '../db/kind';
import { blogPostEntity, blogSlugKind } from './blog-repo';
import { blogViewCountKind, blogViewKind } from './blog-views';

export { blogPostEntity, publishedPostDates, publishedPostsPage } from './blog-repo';

/** Its stored kinds, for the catalog of every definition (functions/src/kinds.ts): read when called, so import order never matters. */
export const kinds = (): readonly Kind[] => [blogPostEntity, blogSlugKind, blogViewKind, blogViewCountKind];
