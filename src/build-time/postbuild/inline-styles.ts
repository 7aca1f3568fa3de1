import { promises as fs } from "node:fs"
import path from "node:path"
import postcss from "postcss"
import type { PostbuildStep, WebpackStats } from "./step"

/**
 * Gatsby inlines a page's stylesheets into its <head>: the app's (tokens,
 * base, shared) and its page component's (every component's sheet the page
 * uses: src/webpack/webpack-config.ts). A warm build re-renders only the
 * pages whose data or components changed, so after a change to CSS alone
 * every page keeps the old rules inline ("There are no new or changed html
 * files to build"), while the stylesheet files are new. The post-build step
 * puts the current sheets into every page instead, each in place of the older
 * one of the same chunk.
 *
 * Each page gets it without the rules written for another language's pages
 * (`:root:lang(hi) .button` on an English page): they can never apply there,
 * and the language switch is a full page load, so a page never needs them
 * later either.
 */

const INLINE_STYLE = /<style data-href="(\/([\w-]+)\.[0-9a-f]+\.css)" data-identity="gatsby-global-css">([\s\S]*?)<\/style>/g

export interface Stylesheet {
  /** Root-relative address, e.g. /styles.1f8319a11ff0cec31714.css */
  href: string
  css: string
}

/** This build's sheets by their chunk's name ("styles", "component---src-pages-index-tsx") */
export type Stylesheets = ReadonlyMap<string, Stylesheet>

const PAGE_LANGUAGE = /<html[^>]*\slang="([^"]+)"/
// A rule for the pages of one language is written `:root:lang(hi) .button`
const FOR_PAGES_IN = /^\s*(?::root|html):lang\(\s*["']?([\w-]+)["']?\s*\)/

const primary = (tag: string) => tag.toLowerCase().split("-")[0]

/** `css` without the selectors (and then the rules and emptied at-rules) that are for another language's pages than `language` */
export function forPagesIn(css: string, language: string | undefined): string {
  if (!language || !css.includes(":lang(")) return css
  const root = postcss.parse(css)
  const elsewhere = (selector: string) => {
    const match = FOR_PAGES_IN.exec(selector)
    return match?.[1] !== undefined && primary(match[1]) !== primary(language)
  }
  root.walkRules((rule) => {
    if (!rule.selector.includes(":lang(")) return
    const kept = rule.selectors.filter((selector) => !elsewhere(selector))
    if (kept.length === rule.selectors.length) return
    if (kept.length) rule.selectors = kept
    else rule.remove()
  })
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove()
  })
  return root.toString()
}

/** The page with each of Gatsby's inline stylesheets replaced by its chunk's current one (less other languages' rules) where it differs. */
export function refreshInlineStyles(html: string, current: Stylesheets): string {
  const language = PAGE_LANGUAGE.exec(html)?.[1]
  return html.replace(INLINE_STYLE, (element, href: string, chunk: string, inline: string) => {
    const sheet = current.get(chunk)
    if (!sheet) return element
    const css = forPagesIn(sheet.css, language)
    return href === sheet.href && inline === css
      ? element
      : `<style data-href="${sheet.href}" data-identity="gatsby-global-css">${css.replace(/<\/style/gi, "<\\/style")}</style>`
  })
}

/** This build's stylesheets' file names by chunk, from Gatsby's webpack.stats.json (`styles.1f83….css` for "styles") */
export function currentStylesheetNames(stats: WebpackStats): Map<string, string> {
  const names = new Map<string, string>()
  for (const assets of Object.values(stats.assetsByChunkName ?? {}))
    for (const asset of assets) {
      const chunk = /^([\w-]+)\.[0-9a-f]+\.css$/.exec(asset)?.[1]
      if (chunk) names.set(chunk, asset)
    }
  return names
}

/** Puts the stylesheets this build wrote into every page. */
export const inlineStyles: PostbuildStep = {
  name: "the current stylesheets inline in every page",
  async run({ publicDir, stats, pages }) {
    const current = new Map<string, Stylesheet>()
    for (const [chunk, name] of currentStylesheetNames(stats))
      current.set(chunk, { href: `/${name}`, css: await fs.readFile(path.join(publicDir, name), "utf8") })
    if (!current.size) return
    await Promise.all(
      pages.map(async (file) => {
        const html = await fs.readFile(file, "utf8")
        const refreshed = refreshInlineStyles(html, current)
        if (refreshed !== html) await fs.writeFile(file, refreshed)
      }),
    )
  },
}
