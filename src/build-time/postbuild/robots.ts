import { promises as fs } from "node:fs"
import path from "node:path"
import type { PostbuildStep } from "./step"

/**
 * robots.txt: everything may be crawled but the form endpoints and the
 * editors' CMS (/admin and what is under it, not other paths that begin with
 * "admin": `$` ends a pattern, RFC 9309); the sitemap's absolute address.
 */
export function robotsTxt(siteUrl: string): string {
  const sitemap = new URL("/sitemap-index.xml", `${siteUrl}/`).toString()
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin$\nDisallow: /admin/\n\nSitemap: ${sitemap}\n`
}

export const robots: PostbuildStep = {
  name: "robots.txt and /sitemap.xml",
  async run({ publicDir, contentDir }) {
    const site = JSON.parse(await fs.readFile(path.join(contentDir, "site", "site.en.json"), "utf8")) as { siteUrl: string }
    await fs.writeFile(path.join(publicDir, "robots.txt"), robotsTxt(site.siteUrl))
    // gatsby-plugin-sitemap writes an index; /sitemap.xml is where crawlers look first
    const index = path.join(publicDir, "sitemap-index.xml")
    if (await fs.stat(index).catch(() => undefined)) await fs.copyFile(index, path.join(publicDir, "sitemap.xml"))
  },
}
