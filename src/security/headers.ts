import type { GatsbyConfig } from "gatsby"
import { inlineScriptHashes } from "./inline-scripts"

type HeaderRule = NonNullable<GatsbyConfig["headers"]>[number]

/**
 * The Content-Security-Policy of every response. Scripts: the site's own
 * files and a fixed list of inline scripts by hash (see inline-scripts.ts);
 * no 'unsafe-inline', no 'unsafe-eval'. Styles keep 'unsafe-inline': Gatsby
 * inlines the stylesheet and gatsby-plugin-image and React set style
 * attributes, which hashes cannot cover.
 */
export function contentSecurityPolicy(): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'none'"],
    "script-src": ["'self'", ...inlineScriptHashes()],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "media-src": ["'self'"],
    "connect-src": ["'self'"],
    "manifest-src": ["'self'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ")
}

const REVALIDATE = "public, max-age=0, must-revalidate"
const IMMUTABLE = "public, max-age=31536000, immutable"

/**
 * The site's response headers, declared once for gatsby-config's `headers`
 * (which Gatsby's adapters apply) and applied by the production server too.
 * Rules apply in order; a later rule's header replaces an earlier one's.
 */
export function siteHeaders(): HeaderRule[] {
  return [
    {
      source: "/*",
      headers: [
        { key: "Content-Security-Policy", value: contentSecurityPolicy() },
        { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" },
        { key: "X-Content-Type-Options", value: "nosniff" },
        { key: "X-Frame-Options", value: "DENY" },
        { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
        { key: "Cross-Origin-Resource-Policy", value: "same-origin" },
        { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
        // Pages and page data: always ask whether there is a newer build
        { key: "Cache-Control", value: REVALIDATE },
      ],
    },
    // File names that carry a content hash never change: cache them for a year
    { source: "/static/*", headers: [{ key: "Cache-Control", value: IMMUTABLE }] },
    { source: "/*.js", headers: [{ key: "Cache-Control", value: IMMUTABLE }] },
    { source: "/*.css", headers: [{ key: "Cache-Control", value: IMMUTABLE }] },
  ]
}
