import fs from "node:fs"
import path from "node:path"
import type { GatsbyConfig, IAdapter } from "gatsby"
import createNetlifyAdapter from "gatsby-adapter-netlify"
import type { RedirectHeaderTable } from "../lib/trailing-slash"
import { ConfigError } from "../forms/environment"
import { productionServerAdapter } from "./server-adapter"
import { routeHeaders } from "../server/route-headers"

/** The deploy targets a build can be made for, chosen with SITE_ADAPTER (docs/deploying.md). */
export const SITE_ADAPTERS = ["production-server", "netlify"] as const

type HeaderRules = NonNullable<GatsbyConfig["headers"]>

/**
 * The adapter gatsby-config names, from SITE_ADAPTER, so that a build for
 * Netlify needs no edited file (netlify.toml sets SITE_ADAPTER=netlify):
 * - unset or "production-server": the production server's adapter (npm start);
 * - "netlify": gatsby-adapter-netlify (public/_headers and _redirects,
 *   src/api/* as Netlify Functions, pages moved to product.html and the like,
 *   so such a build is for Netlify only), with the site's headers on every
 *   path that is no file of the build (below).
 */
export function siteAdapter(rules: HeaderRules, env: NodeJS.ProcessEnv = process.env): IAdapter {
  const target = env.SITE_ADAPTER || "production-server"
  if (target === "production-server") return productionServerAdapter(rules)
  if (target !== "netlify") throw new ConfigError(`SITE_ADAPTER is "${target}"; it must be one of ${SITE_ADAPTERS.join(", ")} (default production-server).`)
  const netlify = createNetlifyAdapter()
  return {
    ...netlify,
    adapt: (context) => {
      writeRedirectHeaders(rules)
      return netlify.adapt({ ...context, headerRoutes: withSiteWideRules(context.headerRoutes, rules) })
    },
  }
}

/**
 * Where a Netlify build leaves the headers of a trailing-slash redirect for
 * the edge function beside it, which imports it as JSON (not in git: the CSP
 * holds this build's script hashes); relative to the site's folder.
 */
export const REDIRECT_HEADERS_FILE = "netlify/edge-functions/trailing-slash/redirect-headers.json"

/**
 * The headers `npm start` sends with a redirect (src/server/app.ts: the rules
 * for a path that is no file, with revalidation), one complete set per
 * `source` of gatsby-config's rules, for the edge function that answers
 * trailing-slash paths on Netlify: Netlify's header rules (`_headers`) do
 * not reach an edge function's answer. Each set is the production server's
 * own (routeHeaders) for that source's own path; redirectHeaders in
 * src/lib/trailing-slash.ts picks the most specific that covers a path.
 */
export function redirectHeaderTable(rules: HeaderRules): RedirectHeaderTable {
  const headersFor = routeHeaders(rules, { files: [] })
  const sources = [...new Set(rules.map((rule) => rule.source))]
  return sources.map((source) => ({ source, headers: headersFor(`${source.replace(/\/\*$/, "")}/`) }))
}

export function writeRedirectHeaders(rules: HeaderRules, file = path.resolve(REDIRECT_HEADERS_FILE)): void {
  fs.writeFileSync(file, `${JSON.stringify(redirectHeaderTable(rules), null, 2)}\n`)
}

/**
 * Gatsby hands adapters its site-wide route `/*` with its own defaults only
 * (X-XSS-Protection "1; mode=block", Referrer-Policy "same-origin", no CSP)
 * and puts gatsby-config's rules on each file's own route. On Netlify, what
 * is no file (the 404 page for an unknown path) gets only `/*`; under
 * `npm start` it gets the rules and revalidation (src/server/route-headers.ts).
 * So `/*` carries exactly what the production server sends for such a path;
 * each file's own route still overrides it, header by header.
 */
export function withSiteWideRules<T extends { path: string; headers: { key: string; value: string }[] }>(headerRoutes: T[], rules: HeaderRules): T[] {
  const notAFile = routeHeaders(rules, { files: [] })("/")
  return headerRoutes.map((route) => (route.path === "/*" ? { ...route, headers: Object.entries(notAFile).map(([key, value]) => ({ key, value })) } : route))
}

/**
 * The headers every answer of a form endpoint carries under `npm start`
 * (src/server/app.ts: gatsby-config's rules for a path that is no file, with
 * revalidation; the service's own headers then win). A CDN applies its
 * header rules to files only: Netlify's `_headers` does not reach a
 * function's answer, so the functions send these themselves
 * (src/forms-hosts/gatsby-functions.ts). Handed over in the environment variable
 * SITE_FUNCTION_HEADERS, which Gatsby's build of the functions inlines
 * (it replaces every `process.env.NAME` with the build's value).
 */
export function exportFunctionHeaders(rules: NonNullable<GatsbyConfig["headers"]>, env: NodeJS.ProcessEnv = process.env): void {
  env.SITE_FUNCTION_HEADERS = JSON.stringify(routeHeaders(rules, { files: [] })("/api/contact"))
}
