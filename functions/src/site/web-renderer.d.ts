/**
 * The web's page renderer (web/src/entry-server.tsx), bundled into the public Lambda from
 * source: infra/src/constructs/api.ts points esbuild's alias '@app/web-renderer' at it, so
 * the renderer and the API share one copy of what both use (yup, shared-types, hono).
 * The web's code is not part of this workspace's type check; this is its contract
 * (checked against RendererModule where handlers/public.ts hands it to pageRenderer).
 */
declare module '@app/web-renderer' {
  export function renderPage(input: {
    url: string;
    template: string;
    siteUrl?: string;
    fetchApi: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  }): Promise<{ status: number; html: string; location?: string }>;
}
