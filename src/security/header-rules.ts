import type { GatsbyConfig } from "gatsby"
import { createHash } from "node:crypto"
import { LANGUAGES } from "../lib/languages"
import { ICON_SPRITE_FILE } from "../lib/icon-sprite"
import { manifestPath } from "../lib/web-manifest"

type HeaderRule = NonNullable<GatsbyConfig["headers"]>[number]

export function scriptHash(source: string): string {
  return `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`
}

/**
 * What the CMS's own policy opens to its Git backend: the origins it
 * connects to and those it shows pictures from (cmsBackendOrigins in
 * src/cms/cms-config.ts says which for each backend).
 */
export interface CmsOrigins {
  connect: readonly string[]
  images: readonly string[]
}

/**
 * The Content-Security-Policy of every response. Scripts: the site's own
 * files and a fixed list of inline scripts by hash (the page loader's:
 * inlineScriptHashes in src/build-time/postbuild/loader.ts);
 * no 'unsafe-inline', no 'unsafe-eval'. Styles keep 'unsafe-inline': Gatsby
 * inlines the stylesheet and React sets style attributes, which hashes
 * cannot cover.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  return policy({
    "script-src": ["'self'", ...scriptHashes],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "media-src": ["'self'"],
    "connect-src": ["'self'"],
  })
}

/**
 * A Content-Security-Policy from the sources of the fetch directives: what
 * is not named is refused (default-src 'none'), and every policy of the
 * site ends with the same rules for the manifest, <base>, form targets,
 * framing and plugins.
 */
function policy(sources: Record<string, string[]>): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'none'"],
    ...sources,
    "manifest-src": ["'self'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(" ")}`)
    .join("; ")
}

/**
 * The Content-Security-Policy of /admin only, exactly what Decap CMS needs:
 * its bundle evaluates code it builds at run time ('unsafe-eval') and runs
 * WebAssembly ('wasm-unsafe-eval'), its styles are set by script
 * ('unsafe-inline'), uploads and previews are blob: URLs, and it talks to
 * the Git backend's origins (from the CMS_* settings; the local backend under
 * `npm run develop`). The public pages keep contentSecurityPolicy().
 */
export function cmsContentSecurityPolicy(backend: CmsOrigins): string {
  return policy({
    "script-src": ["'self'", "'unsafe-eval'", "'wasm-unsafe-eval'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...backend.images],
    "font-src": ["'self'", "data:"],
    "media-src": ["'self'", "blob:"],
    "connect-src": ["'self'", "blob:", ...backend.connect],
    "frame-src": ["'self'", "blob:"],
  })
}

export const REVALIDATE = "public, max-age=0, must-revalidate"
export const IMMUTABLE = "public, max-age=31536000, immutable"

/**
 * Files whose names never change from build to build and that Gatsby files
 * under "other assets", for which its adapters set no Cache-Control of their
 * own: robots.txt (written in onPostBuild), the sitemaps
 * (gatsby-plugin-sitemap, and the /sitemap.xml copy), each language's web
 * manifest and the icon sprite (src/build-time/postbuild/).
 */
const UNHASHED_FILES = [
  "/robots.txt",
  "/sitemap.xml",
  "/sitemap-index.xml",
  "/sitemap-0.xml",
  ...LANGUAGES.map(({ code }) => manifestPath(code)),
  ICON_SPRITE_FILE,
]

/**
 * The site's response header rules, for this build's inline scripts and CMS
 * backend (src/build-time/site-headers.ts gives both, for gatsby-config's `headers`).
 * They are read the way Gatsby's adapters read them
 * (`createHeadersMatcher`, which the production server uses too: see
 * src/server/route-headers.ts): each file first gets Gatsby's own headers for
 * its kind (pages, page data and app data revalidate; webpack's hashed
 * bundles are immutable), then the rules whose `source` matches, wildcard
 * rules ranked by specificity, exact paths last. Two things follow:
 *
 * - A wildcard only stands for whole path segments (`/*.js` is read as
 *   `/*` and matches every path), so no rule here may set Cache-Control on a
 *   wildcard that also covers pages: Gatsby already gives pages revalidation
 *   and its bundles a year, and a rule would overwrite one or the other.
 * - Keys are lower case, as Gatsby's own are: a header is replaced only by
 *   the same key written the same way, and `Referrer-Policy` beside Gatsby's
 *   `referrer-policy` would send both.
 *
 * No Cross-Origin-Opener-Policy: the site has no login, no cross-window API
 * and no secret state for it to protect, and Chromium puts every entry
 * navigation to a page that sends it in a fresh renderer process, which was
 * most of the phone's Total Blocking Time here (docs/serving.md).
 */
export function headerRules({ scriptHashes, cms }: { scriptHashes: readonly string[]; cms: CmsOrigins }): HeaderRule[] {
  return [
    {
      source: "/*",
      headers: [
        { key: "content-security-policy", value: contentSecurityPolicy(scriptHashes) },
        { key: "strict-transport-security", value: "max-age=63072000; includeSubDomains" },
        { key: "x-content-type-options", value: "nosniff" },
        { key: "x-frame-options", value: "DENY" },
        { key: "referrer-policy", value: "strict-origin-when-cross-origin" },
        { key: "cross-origin-resource-policy", value: "same-origin" },
        { key: "permissions-policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
        // Gatsby's default "1; mode=block" turns on the filter old browsers
        // had, which could be abused to blank parts of a page; the CSP does its job
        { key: "x-xss-protection", value: "0" },
      ],
    },
    // Everything under /static/ carries a content hash in its path (images
    // from sharp, files from publicURL, fonts from webpack): a year
    { source: "/static/*", headers: [{ key: "cache-control", value: IMMUTABLE }] },
    ...UNHASHED_FILES.map((source) => ({ source, headers: [{ key: "cache-control", value: REVALIDATE }] })),
    // The editors' CMS (src/cms/): its own CSP, never indexed, its unhashed files revalidated
    ...["/admin", "/admin/*"].map((source) => ({
      source,
      headers: [
        { key: "content-security-policy", value: cmsContentSecurityPolicy(cms) },
        { key: "x-robots-tag", value: "noindex, nofollow" },
        { key: "cache-control", value: REVALIDATE },
      ],
    })),
  ]
}
