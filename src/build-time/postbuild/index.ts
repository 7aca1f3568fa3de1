/**
 * What happens to public/ after Gatsby has written it: an ordered list of
 * steps (one file each, one input shape: step.ts), run by onPostBuild.
 */
import { promises as fs } from "node:fs"
import path from "node:path"
import { admin } from "./admin"
import { compileHints } from "./compile-hints"
import { inlineScripts } from "./inline-scripts"
import { iconSprite } from "./icon-sprite"
import { inlineStyles } from "./inline-styles"
import { precompressFiles } from "./precompress"
import { robots } from "./robots"
import type { PostbuildContext, PostbuildStep } from "./step"
import { webManifests } from "./web-manifest"

/**
 * In order: files first, then the pages (styles before scripts: the script
 * step checks the page as it will be sent), the CMS's own folder, and
 * compression last, when every file is final.
 */
export const STEPS: PostbuildStep[] = [robots, webManifests, compileHints, inlineStyles, iconSprite, inlineScripts, admin, precompressFiles]

/** Every page's HTML file under `dir`, absolute. */
export async function pageFiles(dir: string, root = dir): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name)
      // _gatsby/ holds Gatsby's slices, which it stitches into pages again on warm builds: they stay as Gatsby wrote them;
      // admin/ is the CMS's (src/build-time/postbuild/admin.ts), not a page of the site
      if (entry.isDirectory())
        return ["static", "page-data", "_gatsby"].includes(entry.name) || (entry.name === "admin" && dir === root) ? [] : pageFiles(full, root)
      return entry.name.endsWith(".html") ? [full] : []
    }),
  )
  return nested.flat()
}

export async function runPostbuild(publicDir: string, contentDir: string, reporter: PostbuildContext["reporter"]): Promise<void> {
  const stats = JSON.parse(await fs.readFile(path.join(publicDir, "webpack.stats.json"), "utf8")) as PostbuildContext["stats"]
  const context: PostbuildContext = { publicDir, contentDir, stats, pages: await pageFiles(publicDir), reporter }
  for (const step of STEPS) await step.run(context)
}
