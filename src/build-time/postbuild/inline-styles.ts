import { promises as fs } from "node:fs"
import path from "node:path"
import type { PostbuildStep, WebpackStats } from "./step"

/**
 * Gatsby inlines the site's stylesheet into every page's <head>. A warm build
 * re-renders only the pages whose data or components changed, so after a
 * change to CSS alone every page keeps the old rules inline ("There are no new
 * or changed html files to build"), while the stylesheet file is new. The
 * post-build step puts the current stylesheet into every page instead.
 */

const INLINE_STYLE = /<style data-href="(\/styles\.[\w.-]+\.css)" data-identity="gatsby-global-css">([\s\S]*?)<\/style>/g

export interface Stylesheet {
  /** Root-relative address, e.g. /styles.1f8319a11ff0cec31714.css */
  href: string
  css: string
}

/** The page with Gatsby's inline stylesheet replaced by `current` where it differs. */
export function refreshInlineStyles(html: string, current: Stylesheet): string {
  return html.replace(INLINE_STYLE, (element, href: string, css: string) =>
    href === current.href && css === current.css
      ? element
      : `<style data-href="${current.href}" data-identity="gatsby-global-css">${current.css.replace(/<\/style/gi, "<\\/style")}</style>`,
  )
}

/** The app's stylesheet from Gatsby's webpack.stats.json; undefined when the build has none. */
export function currentStylesheetName(stats: WebpackStats): string | undefined {
  return stats.assetsByChunkName?.app?.find((asset) => /^styles\.[\w.-]+\.css$/.test(asset))
}

/** Puts the stylesheet this build wrote into every page. */
export const inlineStyles: PostbuildStep = {
  name: "the current stylesheet inline in every page",
  async run({ publicDir, stats, pages }) {
    const name = currentStylesheetName(stats)
    if (!name) return
    const current: Stylesheet = { href: `/${name}`, css: await fs.readFile(path.join(publicDir, name), "utf8") }
    await Promise.all(
      pages.map(async (file) => {
        const html = await fs.readFile(file, "utf8")
        const refreshed = refreshInlineStyles(html, current)
        if (refreshed !== html) await fs.writeFile(file, refreshed)
      }),
    )
  },
}
