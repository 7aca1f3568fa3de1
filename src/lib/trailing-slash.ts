/**
 * trailingSlash "never": a path that ends in a slash moves to the same path
 * without it. One rule for every place that answers such a path: the
 * production server (src/server/app.ts) and, on Netlify, the edge function
 * netlify/edge-functions/trailing-slash/ (Deno bundles this file through a
 * relative import, so it imports nothing and uses only what browsers, Node
 * and Deno all have).
 */

/**
 * Where a path with a trailing slash moves: the same path without it, always
 * on this site. A path that starts with several slashes ("//evil.com/", or
 * "/.//evil.com/" once the dot goes) would read as another host in a Location
 * header, so the target starts with exactly one. Written with loops, not
 * /\/+$/: that regex backtracks quadratically on a long run of slashes.
 */
export function canonicalTarget(rawPath: string): string {
  let start = 0
  while (start < rawPath.length && (rawPath[start] === "/" || rawPath[start] === "\\")) start += 1
  // dot segments resolved as a browser would, on a path that can no longer name a host
  const resolved = new URL(`/${rawPath.slice(start)}`, "http://site").pathname
  let end = resolved.length
  while (end > 1 && resolved[end - 1] === "/") end -= 1
  let first = 0
  while (first < end - 1 && resolved[first + 1] === "/") first += 1
  return resolved.slice(first, end) || "/"
}

/** Whether a path moves: every path that ends in a slash, except the home page */
export const movesToCanonical = (pathname: string): boolean => pathname.length > 1 && pathname.endsWith("/")

/** 301 for GET and HEAD; 308 otherwise, so a POST stays a POST with its body */
export const redirectStatus = (method: string): 301 | 308 => (method === "GET" || method === "HEAD" ? 301 : 308)

/**
 * The site's headers for an answer that is no file (a redirect), by the
 * `source` of each of gatsby-config's header rules: the complete set the
 * production server sends for a path that source covers (written by the
 * build: src/build-time/adapters.ts, redirectHeaderTable).
 */
export type RedirectHeaderTable = { source: string; headers: Record<string, string> }[]

/**
 * The headers of a redirect from pathname, from the table: the entry of the
 * most specific rule that covers the path, read as Gatsby's header matcher
 * reads a path that is no file (decoded, runs of slashes as one, the
 * trailing slash dropped; a wildcard `/a/*` covers `/a` and everything under
 * it, an exact source only itself). Each entry is already complete, so
 * nothing is merged here.
 */
export function redirectHeaders(table: RedirectHeaderTable, pathname: string): Record<string, string> {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    decoded = "/"
  }
  let path = decoded.replace(/\/{2,}/g, "/")
  while (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1)
  let best: { rank: number; headers: Record<string, string> } | undefined
  for (const { source, headers } of table) {
    const prefix = source.endsWith("/*") ? source.slice(0, -2) : undefined
    const covers = prefix === undefined ? path === source : prefix === "" || path === prefix || path.startsWith(`${prefix}/`)
    // an exact path over any wildcard; among wildcards, the longer one
    const rank = prefix === undefined ? Number.MAX_SAFE_INTEGER : prefix.length
    if (covers && (!best || rank > best.rank)) best = { rank, headers }
  }
  return best?.headers ?? {}
}
