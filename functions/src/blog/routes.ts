// The blog module's HTTP routes, for the hosts that mount them (app.ts).
export { blogPosts } from './blog-posts-routes';
