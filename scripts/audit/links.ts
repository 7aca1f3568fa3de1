// Links and anchors: linkinator from every page (recursing through the site),
// fragments included, links off the site skipped; then every fragment link
// once more from the served HTML, since linkinator checks a fragment only
// while its page has not been checked yet.
import { LinkChecker } from "linkinator"
import { NOT_FOUND_PROBE } from "../../src/content/routes"
import { LANGUAGES, localizedPath } from "../../src/lib/languages"
import { log, TIMEOUT, withTimeout } from "./lifecycle"
import type { AuditPage } from "./routes"
import { servedHtml } from "./serve"

export interface BrokenLink {
  url: string
  status: number | undefined
  reason: string
  /** The pages it is on, sorted */
  parents: string[]
}

export interface LinkResults {
  checked: number
  pagesCrawled: string[]
  fragmentLinks: number
  skipped: { external: string[]; other: string[] }
  /** path -> paths of the pages that link to it (from the HTML) */
  linkedFrom: Map<string, Set<string>>
  broken: BrokenLink[]
}

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">", "#39": "'", "#x27": "'" }
const decodeEntities = (value: string): string => value.replace(/&(amp|quot|apos|lt|gt|#39|#x27);/g, (_, name: string) => ENTITIES[name] ?? "")

/**
 * Whether #fragment leads somewhere in html: an element with that id, an <a>
 * with that name, or (HTML's "scroll to a fragment") an empty fragment or
 * "top", which scroll to the top of the document.
 */
export function fragmentExists(html: string, fragment: string): boolean {
  if (fragment === "" || fragment.toLowerCase() === "top") return true
  for (const [, value = ""] of html.matchAll(/\sid="([^"]*)"/g)) if (decodeEntities(value) === fragment) return true
  for (const [, value = ""] of html.matchAll(/<a\b[^>]*\sname="([^"]*)"/g)) if (decodeEntities(value) === fragment) return true
  return false
}

const withoutFragment = (url: string): string => url.split("#")[0] ?? url

export async function checkLinks(origin: string, pages: AuditPage[]): Promise<LinkResults> {
  // the 404 probe in every language (/no-such-page, /hi/no-such-page)
  const probes = new Set(LANGUAGES.map((language) => origin + localizedPath(NOT_FOUND_PROBE, language.code)))
  const checker = new LinkChecker()
  const crawled = new Set<string>()
  checker.on("pagestart", (url: unknown) => crawled.add(String(url)))
  const { links } = await withTimeout(
    checker.check({
      path: pages.map((page) => origin + page.route),
      recurse: true,
      checkFragments: true,
      // resolve relative links against /product as a browser does (not /product/)
      cleanUrls: true,
      concurrency: 8,
      timeout: TIMEOUT.request,
      // no internet here: links off this site are not requested, only counted
      linksToSkip: async (link: string) => new URL(link).origin !== origin,
    }),
    TIMEOUT.linkCheck,
    "the link check",
  )

  const broken = new Map<string, Omit<BrokenLink, "parents"> & { parents: Set<string> }>()
  const addBroken = (url: string, status: number | undefined, reason: string, parent: string | undefined) => {
    const entry = broken.get(url) ?? { url, status, reason, parents: new Set<string>() }
    // a missing page that links to itself (#main) is not one more place the link is on
    if (parent && parent !== withoutFragment(url)) entry.parents.add(parent)
    broken.set(url, entry)
  }
  const skipped = { external: new Set<string>(), other: new Set<string>() }
  for (const link of links) {
    const url = link.url
    if (link.state === "SKIPPED") {
      ;(/^https?:/.test(url) ? skipped.external : skipped.other).add(url)
      continue
    }
    if (link.state !== "BROKEN") continue
    // the 404 page answers 404 on purpose, and links to itself (#main, #top)
    if (probes.has(withoutFragment(url)) && link.status === 404) continue
    const details = (link.failureDetails ?? []) as ({ message?: string; status?: number } | undefined)[]
    const fragment = /Fragment identifier '#(.*)' not found/.exec(String(details[0]?.message ?? ""))?.[1]
    // "#top" scrolls to the top of the page by HTML's rules; linkinator only knows ids
    if (fragment !== undefined && fragment.toLowerCase() === "top") continue
    const reason =
      fragment !== undefined
        ? `no element with id "${fragment}" on the page`
        : details.map((detail) => detail?.message ?? (detail?.status ? `HTTP ${detail.status}` : String(detail))).join("; ") || `HTTP ${link.status}`
    addBroken(url, link.status, reason, link.parent)
  }

  let fragmentLinks = 0
  const linkedFrom = new Map<string, Set<string>>()
  const pagesToScan = new Set([...pages.map((page) => origin + page.route), ...crawled])
  for (const pageUrl of pagesToScan) {
    const page = await servedHtml(pageUrl).catch(() => undefined)
    if (!page || !/html/.test(page.headers.get("content-type") ?? "")) continue
    const html = page.body.toString("utf8")
    const from = new URL(pageUrl).pathname
    for (const [, href = ""] of html.matchAll(/<(?:a|area)\b[^>]*?\shref="([^"]*)"/g)) {
      let target: URL
      try {
        target = new URL(decodeEntities(href), pageUrl)
      } catch {
        continue
      }
      if (target.origin !== origin) continue
      if (target.pathname !== from) linkedFrom.set(target.pathname, (linkedFrom.get(target.pathname) ?? new Set()).add(from))
      if (!target.hash) continue
      fragmentLinks += 1
      const fragment = decodeURIComponent(target.hash.slice(1))
      const targetPage = await servedHtml(target.href).catch(() => undefined)
      if (!targetPage) continue // a failed request is linkinator's to report
      const expected = probes.has(withoutFragment(target.href)) ? 404 : 200
      if (targetPage.status !== expected) continue // linkinator reports the page itself
      if (!fragmentExists(targetPage.body.toString("utf8"), fragment)) addBroken(target.href, targetPage.status, `no element with id "${fragment}" on the page`, pageUrl)
    }
  }

  log(`  links: ${links.length} results, ${broken.size} broken, ${fragmentLinks} fragment links`)
  return {
    checked: links.filter((link) => link.state !== "SKIPPED").length,
    pagesCrawled: [...crawled].sort(),
    fragmentLinks,
    skipped: { external: [...skipped.external].sort(), other: [...skipped.other].sort() },
    linkedFrom,
    broken: [...broken.values()].map((entry) => ({ ...entry, parents: [...entry.parents].sort() })),
  }
}
