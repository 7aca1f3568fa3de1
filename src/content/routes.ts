/**
 * Every address of the site, derived from what decides it: the page files in
 * src/pages, one solution page per file in content/solutions/, and the notice
 * pages content/forms/forms.en.json names. gatsby-node, the audit, the
 * screenshots and every test read the routes from here, so a fourth solution
 * or a renamed notice page needs no second edit. Every page is there in
 * each language of src/lib/languages.ts.
 */
import fs from "node:fs"
import path from "node:path"
import { DEFAULT_LANGUAGE, LANGUAGES, localizedPath } from "../lib/languages"

/** A solution's slug, which becomes its address: lower-case letters, digits and single hyphens. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
/** First path segments the site uses for other things: the CMS, the form endpoints, Gatsby's files */
export const RESERVED_SEGMENTS = ["admin", "api", "static", "page-data", "_gatsby"]
/** A page's path such as /thank-you or /subscribe/confirmed: a leading slash, slug-like segments. */
export const PAGE_PATH = /^\/[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/
/** An address no page has: where tests and the audit see the 404 page. */
export const NOT_FOUND_PROBE = "/no-such-page"

export type RouteKind = "home" | "page" | "solution" | "notice" | "not-found"

/** A route before its language is given */
type BaseRoute = Omit<Route, "language" | "basePath">

export interface Route {
  /** The address, without a trailing slash (trailingSlash: "never"): /hi/contact for Hindi */
  path: string
  /** The page's language code (src/lib/languages.ts) */
  language: string
  /** The address in the default language, the same for every language of the page (/contact) */
  basePath: string
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

export { basePathOf, languageOfPath, localizedPath } from "../lib/languages"

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, "utf8"))
}

/** The pages src/pages defines by file name (index is /, 404 is the not-found page), in file-name order. */
function pageRoutes(root: string): BaseRoute[] {
  const dir = path.join(root, "src/pages")
  return fs
    .readdirSync(dir)
    .filter((name) => /\.(tsx|ts|jsx|js)$/.test(name))
    .sort()
    .map((name): BaseRoute => {
      const base = name.replace(/\.[^.]+$/, "")
      const source = `src/pages/${name}`
      if (base === "index") return { path: "/", kind: "home", indexed: true, source }
      if (base === "404") return { path: NOT_FOUND_PROBE, kind: "not-found", indexed: false, source }
      return { path: `/${base}`, kind: "page", indexed: true, source }
    })
}

/** One page per solution file, ordered as the menus order them (the file's "order"). */
function solutionRoutes(root: string, content: string): BaseRoute[] {
  const dir = path.join(content, "solutions")
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(`.${DEFAULT_LANGUAGE.code}.json`))
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

/** The pages the forms end on, as content/forms/forms.en.json names them. */
function noticeRoutes(root: string, content: string): BaseRoute[] {
  const file = path.join(content, "forms/forms.en.json")
  const { pages } = readJson(file) as { pages: { id: string; path: string }[] }
  const source = path.relative(root, file).split(path.sep).join("/")
  return pages.map((page) => ({ path: page.path, kind: "notice" as const, indexed: false, source, id: page.id }))
}

/** Where the main menu (content/site/site.en.json) lists a path; pages it does not list come after, by name. */
function menuPosition(content: string): (route: BaseRoute) => number {
  const file = path.join(content, "site/site.en.json")
  const { menu } = (fs.existsSync(file) ? readJson(file) : {}) as { menu?: { to?: string }[] }
  const paths = (menu ?? []).map((item) => item.to)
  return (route) => {
    const index = paths.indexOf(route.path)
    return index === -1 ? paths.length : index
  }
}

/**
 * All routes: home, the solutions, the other pages (in the main menu's
 * order), the notices, then the 404 probe; in each language in turn (the
 * default's first), or in the one `language` given. `content` defaults to
 * the project's content/ folder. A solution or notice's source is its
 * default-language file (the translations' fields are held to it).
 */
export function siteRoutes(root: string, content = path.join(root, "content"), language?: string): Route[] {
  const pages = pageRoutes(root)
  const position = menuPosition(content)
  const home = pages.filter((route) => route.kind === "home")
  const others = pages.filter((route) => route.kind === "page").sort((a, b) => position(a) - position(b))
  const notFound = pages.filter((route) => route.kind === "not-found")
  const base = [...home, ...solutionRoutes(root, content), ...others, ...noticeRoutes(root, content), ...notFound]
  return LANGUAGES.filter((candidate) => language === undefined || candidate.code === language).flatMap(({ code }) =>
    base.map((route) => ({ ...route, path: localizedPath(route.path, code), language: code, basePath: route.path })),
  )
}

/** The routes open to search engines: the audit's full Lighthouse pages, the sitemap's entries. */
export function indexedRoutes(root: string, content?: string, language?: string): Route[] {
  return siteRoutes(root, content, language).filter((route) => route.indexed)
}
