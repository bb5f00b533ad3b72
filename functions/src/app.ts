import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Deps, AppEnv } from './lib/deps';
import { errorBody } from './lib/http';
import { log } from './lib/log';
import { blogPosts } from './routes/blog-posts';
import { projects } from './routes/projects';
import { calculator, contact } from './routes/public-forms';
import { seo } from './routes/seo';
import { site } from './routes/site';

/**
 * The whole API as one Hono app. Hosts (Lambda, the local server) only provide
 * Deps; nothing here knows which host runs it.
 */
export function createApp(deps: Deps) {
  const api = new Hono<AppEnv>()
    .route('/site', site)
    .route('/projects', projects)
    .route('/blog-posts', blogPosts)
    .route('/calculator', calculator)
    .route('/contact', contact);

  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('deps', deps);
      await next();
    })
    .route('/api', api)
    .route('/', seo);

  app.notFound((c) => c.json(errorBody('Not found'), 404));
  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      return c.json(errorBody(error.message || 'Bad request'), error.status);
    }
    log.error('unhandled error', { method: c.req.method, path: c.req.path, error });
    return c.json(errorBody('Something went wrong on our side. Please try again.'), 500);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
/** The route types the web's typed client is built from. */
export type AppType = App;
