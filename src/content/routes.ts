/**
 * Every address of the site, derived from what decides it: the page files in
 * src/pages, one solution page per file in content/solutions/, and the notice
 * pages content/forms/forms.json names. gatsby-node, the audit, the
 * screenshots and every test read the routes from here, so a fourth solution
 * or a renamed notice page needs no second edit.
 *
 * No imports but Node's own: Node runs this file as it is (type stripping),
 * from the .mjs scripts as well as from Gatsby and Jest.
 */
import fs from "node:fs"
import path from "node:path"

/** A solution's slug, which becomes its address: lower-case letters, digits and single hyphens. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
/** First path segments the site uses for other things: the CMS, the form endpoints, Gatsby's files */
export const RESERVED_SEGMENTS = ["admin", "api", "static", "page-data", "_gatsby"]
/** A page's path such as /thank-you or /subscribe/confirmed: a leading slash, slug-like segments. */
export const PAGE_PATH = /^\/[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/
/** An address no page has: where tests and the audit see the 404 page. */
export const NOT_FOUND_PROBE = "/no-such-page"

export type RouteKind = "home" | "page" | "solution" | "notice" | "not-found"

export interface Route {
  /** The address, without a trailing slash (trailingSlash: "never") */
  path: string
  kind: RouteKind
  /** In the sitemap and open to search engines (notices and the 404 page are noindex) */
  indexed: boolean
  /** The file it comes from, relative to the project */
  source: string
  /** The solution's slug or the notice's id */
  id?: string
}

export function solutionPath(slug: string): string {
  return `/${slug}`
}

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, "utf8"))
}

/** The pages src/pages defines by file name (index is /, 404 is the not-found page), in file-name order. */
function pageRoutes(root: string): Route[] {
  const dir = path.join(root, "src/pages")
  return fs
    .readdirSync(dir)
    .filter((name) => /\.(tsx|ts|jsx|js)$/.test(name))
    .sort()
    .map((name): Route => {
      const base = name.replace(/\.[^.]+$/, "")
      const source = `src/pages/${name}`
      if (base === "index") return { path: "/", kind: "home", indexed: true, source }
      if (base === "404") return { path: NOT_FOUND_PROBE, kind: "not-found", indexed: false, source }
      return { path: `/${base}`, kind: "page", indexed: true, source }
    })
}

/** One page per solution file, ordered as the menus order them (the file's "order"). */
function solutionRoutes(root: string, content: string): Route[] {
  const dir = path.join(content, "solutions")
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => ({ name, data: readJson(path.join(dir, name)) as { slug: string; order?: number } }))
    .sort((a, b) => (a.data.order ?? 0) - (b.data.order ?? 0) || a.name.localeCompare(b.name))
    .map(({ name, data }) => ({
      path: solutionPath(data.slug),
      kind: "solution" as const,
      indexed: true,
      source: path.relative(root, path.join(dir, name)).split(path.sep).join("/"),
      id: data.slug,
    }))
}

/** The pages the forms end on, as content/forms/forms.json names them. */
function noticeRoutes(root: string, content: string): Route[] {
  const file = path.join(content, "forms/forms.json")
  const { pages } = readJson(file) as { pages: { id: string; path: string }[] }
  const source = path.relative(root, file).split(path.sep).join("/")
  return pages.map((page) => ({ path: page.path, kind: "notice" as const, indexed: false, source, id: page.id }))
}

/** Where the main menu (content/site/site.json) lists a path; pages it does not list come after, by name. */
function menuPosition(content: string): (route: Route) => number {
  const file = path.join(content, "site/site.json")
  const { menu } = (fs.existsSync(file) ? readJson(file) : {}) as { menu?: { to?: string }[] }
  const paths = (menu ?? []).map((item) => item.to)
  return (route) => {
    const index = paths.indexOf(route.path)
    return index === -1 ? paths.length : index
  }
}

/**
 * All routes: home, the solutions, the other pages (in the main menu's
 * order), the notices, then the 404 probe. `content` defaults to the
 * project's content/ folder.
 */
export function siteRoutes(root: string, content = path.join(root, "content")): Route[] {
  const pages = pageRoutes(root)
  const position = menuPosition(content)
  const home = pages.filter((route) => route.kind === "home")
  const others = pages.filter((route) => route.kind === "page").sort((a, b) => position(a) - position(b))
  const notFound = pages.filter((route) => route.kind === "not-found")
  return [...home, ...solutionRoutes(root, content), ...others, ...noticeRoutes(root, content), ...notFound]
}

/** The routes open to search engines: the audit's full Lighthouse pages, the sitemap's entries. */
export function indexedRoutes(root: string, content?: string): Route[] {
  return siteRoutes(root, content).filter((route) => route.indexed)
}
