// The pages the audit checks, from the site's one routes module: every page
// gets HTML validation, links and axe; Lighthouse runs on the indexed
// (public) routes only, since a noindex page fails Lighthouse's is-crawlable
// audit by design.
import { type Route, siteRoutes } from "../../src/content/routes"

export type PageKind = "public" | "noindex" | "404"

export interface AuditPage {
  route: string
  kind: PageKind
  /** The status the server must answer with */
  status: 200 | 404
  /** The built file, relative to the project (names the page in HTML messages and picks html-validate's config) */
  file: string
}

export function auditPage(route: Route): AuditPage {
  const kind: PageKind = route.kind === "not-found" ? "404" : route.indexed ? "public" : "noindex"
  return {
    route: route.path,
    kind,
    status: kind === "404" ? 404 : 200,
    file:
      kind === "404"
        ? `public${route.path.slice(0, route.path.length - route.basePath.length)}/404.html`
        : `public${route.path === "/" ? "" : route.path}/index.html`,
  }
}

/** Every page of the site, in the routes module's order. */
export const auditPages = (root: string): AuditPage[] => siteRoutes(root).map(auditPage)

/** The pages Lighthouse measures. */
export const lighthousePages = (pages: AuditPage[]): AuditPage[] => pages.filter((page) => page.kind === "public")

/** "/thank-you (noindex)", "/no-such-page (404)", "/" */
export const routeLabel = (row: { route: string; kind: string }): string =>
  `${row.route}${row.kind === "noindex" ? " (noindex)" : row.kind === "404" ? " (404)" : ""}`
