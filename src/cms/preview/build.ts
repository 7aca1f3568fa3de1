/**
 * Bundles the preview templates (index.tsx) with esbuild: the site's
 * sections, the site's React 18 and the site's stylesheets, into one script
 * and one stylesheet for /admin. "gatsby" becomes gatsby-stand-in.tsx; the
 * labels come from content/site/site.json.
 */
import { existsSync, promises as fs } from "node:fs"
import path from "node:path"
import { build } from "esbuild"

export const PREVIEW_SCRIPT = "cms-preview.js"
export const PREVIEW_STYLESHEET = "cms-preview.css"

/** Beside this file; from the project's root where Gatsby runs it compiled into .cache/ */
const HERE = [__dirname, path.resolve("src/cms/preview")].find((dir) => existsSync(path.join(dir, "index.tsx"))) ?? path.resolve("src/cms/preview")

export async function buildPreview(contentDir = path.resolve("content")): Promise<{ script: string; stylesheet: string }> {
  const site = JSON.parse(await fs.readFile(path.join(contentDir, "site", "site.json"), "utf8")) as { hero: unknown; breadcrumbLabel: string; breadcrumbHome: string }
  const result = await build({
    entryPoints: [path.join(HERE, "index.tsx")],
    bundle: true,
    write: false,
    outdir: "out",
    entryNames: "cms-preview",
    format: "iife",
    target: "es2020",
    minify: true,
    legalComments: "none",
    jsx: "automatic",
    alias: { gatsby: path.join(HERE, "gatsby-stand-in.tsx") },
    loader: { ".woff2": "dataurl", ".woff": "dataurl", ".svg": "dataurl", ".gif": "dataurl", ".png": "dataurl" },
    define: {
      "process.env.NODE_ENV": '"production"',
      SITE_LABELS: JSON.stringify({ hero: site.hero, breadcrumbLabel: site.breadcrumbLabel, breadcrumbHome: site.breadcrumbHome }),
    },
    logLevel: "silent",
  })
  const output = (extension: string) => result.outputFiles.find((file) => file.path.endsWith(extension))?.text
  const script = output(".js")
  const stylesheet = output(".css")
  if (!script || !stylesheet) throw new Error("The CMS preview bundle was not built (esbuild wrote no script or no stylesheet).")
  return { script, stylesheet }
}
