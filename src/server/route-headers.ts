import type { GatsbyConfig } from "gatsby"
import { MUST_REVALIDATE_HEADERS } from "gatsby/dist/utils/adapter/constants"
import { createHeadersMatcher } from "gatsby/dist/utils/adapter/create-headers"
import { ConfigError } from "../forms/environment"
import { REVALIDATE } from "../security/header-rules"
import { readRoutes, ROUTES_FILE } from "./build-record.js"

type Header = { key: string; value: string }
type HeaderRules = NonNullable<GatsbyConfig["headers"]>

/** Where the production-server adapter (server-adapter.ts) writes the build's routes, relative to the site's folder. */
export { ROUTES_FILE }

/**
 * What the adapter writes: every file of public/ with the headers Gatsby gave
 * it, Gatsby's site-wide header routes, and gatsby-config's header rules
 * themselves, for what is no file of the build (worked out once, by the
 * build: the server needs neither the page loader's build nor the CMS's
 * configuration to know them).
 */
export interface SiteRoutes {
  files: { path: string; headers: Header[] }[]
  headerRoutes: { path: string; headers: Header[] }[]
  rules: HeaderRules
}

/**
 * The routes the adapter wrote. A file that cannot be read, does not parse,
 * is not the adapter's or has one entry that is not whole (a rule whose
 * headers are no list of names and values) is refused with a ConfigError
 * that says to build again: scripts/start.mjs judges it by the same rule
 * (build-record.js), so `npm start` rebuilds and `npm run serve` refuses.
 */
export function readSiteRoutes(file: string): SiteRoutes {
  const { routes, problem } = readRoutes(file)
  if (problem === undefined) return routes as SiteRoutes
  throw new ConfigError(
    `${file} is ${problem}; the production-server adapter in gatsby-config.ts writes it at the end of \`npm run build\`. Build again (\`npm run build\`, or \`npm start\`, which builds when this file is missing or damaged).`,
  )
}

const asRecord = (headers: readonly Header[]): Record<string, string> => Object.fromEntries(headers.map(({ key, value }) => [key.toLowerCase(), value]))

/**
 * The headers of each response, with the meaning Gatsby's adapters give
 * gatsby-config's `headers`:
 * - a file of the build gets the headers Gatsby computed for it at build
 *   time (its defaults for that kind of file, then the rules, through
 *   Gatsby's own `createHeadersMatcher`); where that leaves no Cache-Control,
 *   Gatsby's site-wide route `/*` gives revalidation, as on a CDN;
 * - anything else (a 404, a redirect, a form endpoint) gets the same rules
 *   over Gatsby's page defaults, and revalidation: it is not a file with a
 *   content hash, whatever its name looks like.
 */
export function routeHeaders(rules: HeaderRules, routes: Pick<SiteRoutes, "files">): (pathname: string) => Record<string, string> {
  const files = new Map(routes.files.map((file) => [file.path, asRecord(file.headers)]))
  const matcher = createHeadersMatcher(rules, "")
  // The rules for a path that is no file; reach-router's matcher decodes the
  // path again and throws on a malformed escape (/%zz): such a path gets the
  // rules every page gets
  const rulesFor = (pathname: string) => {
    try {
      // runs of slashes as one: reach-router trims a path's slashes with
      // /(^\/+|\/+$)/, which takes quadratic time on a long run inside it
      // (200 ms for 15,000); no rule tells // from /
      return asRecord(matcher(pathname.replace(/\/{2,}/g, "/"), MUST_REVALIDATE_HEADERS))
    } catch {
      return asRecord(matcher("/", MUST_REVALIDATE_HEADERS))
    }
  }
  return (pathname) => {
    let decoded: string | undefined
    try {
      decoded = decodeURIComponent(pathname)
    } catch {
      // a malformed escape names no file
    }
    const file = decoded === undefined ? undefined : files.get(decoded)
    if (file) return { "cache-control": REVALIDATE, ...file }
    return { ...rulesFor(decoded ?? "/"), "cache-control": REVALIDATE }
  }
}
