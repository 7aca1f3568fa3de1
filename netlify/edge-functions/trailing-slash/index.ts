/**
 * On Netlify, an address that ends in a slash moves to the same address
 * without it, as under `npm start`: 301 for GET and HEAD, 308 otherwise, the
 * query kept, with the site's headers. The rule is the production server's
 * own (src/lib/trailing-slash.ts, imported by path: Deno bundles it).
 * Netlify's CDN already answers /product/ with a 301 when product.html is
 * deployed; this function makes every such path take the same rule
 * everywhere, query included (docs/deploying.md). Netlify's header rules do
 * not reach an edge function's answer, so the build leaves the headers here
 * (redirect-headers.json, written by src/build-time/adapters.ts).
 */
import { canonicalTarget, movesToCanonical, redirectHeaders, redirectStatus } from "../../../src/lib/trailing-slash.ts"
import table from "./redirect-headers.json" with { type: "json" }

export default function trailingSlash(request: Request): Response | undefined {
  const url = new URL(request.url)
  // the pattern only sends paths that move; anything else goes on as it came
  if (!movesToCanonical(url.pathname)) return undefined
  return new Response(null, {
    status: redirectStatus(request.method),
    headers: { ...redirectHeaders(table, url.pathname), location: `${canonicalTarget(url.pathname)}${url.search}` },
  })
}

// Netlify's Config type, written out: the package is Deno's to fetch, not a dependency of the site
export const config: { pattern: string } = { pattern: "^/.+/$" }
