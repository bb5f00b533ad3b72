// The blog module's public entry: what other modules, the hosts and other packages use from it.
export { blogPosts } from './blog-posts-routes';
export { blogPostEntity, publishedPostDates, publishedPostsPage } from './blog-repo';
