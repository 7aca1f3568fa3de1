/**
 * Bundles the preview templates (index.tsx) with esbuild: the site's
 * sections, the site's React 18 and the site's stylesheets, into one script
 * and one stylesheet for /admin. "gatsby" becomes gatsby-stand-in.tsx; the
 * labels come from content/site/site.<code>.json, in every language.
 */
import { createHash } from "node:crypto"
import { existsSync, promises as fs } from "node:fs"
import path from "node:path"
import { build, version as esbuildVersion, type BuildOptions } from "esbuild"
import { LANGUAGES } from "../../lib/languages"

export const PREVIEW_SCRIPT = "cms-preview.js"
export const PREVIEW_STYLESHEET = "cms-preview.css"

/** Beside this file; from the project's root where Gatsby runs it compiled into .cache/ */
const HERE = [__dirname, path.resolve("src/cms/preview")].find((dir) => existsSync(path.join(dir, "index.tsx"))) ?? path.resolve("src/cms/preview")

interface Preview {
  script: string
  stylesheet: string
}

/** What a bundle was made from: every input file esbuild read, with its contents' hash */
interface CachedPreview extends Preview {
  key: string
  inputs: Record<string, string>
}

/** Where the last bundle and what it was made from are kept between builds */
export const PREVIEW_CACHE = path.resolve(".cache", "cms-preview.json")
const hashOf = (data: string | Buffer) => createHash("sha256").update(data).digest("hex")

/** The hashes of the files, or undefined when one of them is gone */
async function hashFiles(files: string[]): Promise<Record<string, string> | undefined> {
  try {
    return Object.fromEntries(await Promise.all(files.map(async (file) => [file, hashOf(await fs.readFile(file))] as const)))
  } catch {
    return undefined
  }
}

/** The bundle of an earlier build when nothing it was made from has changed (saves esbuild's 0.5-0.8 s on each build) */
async function cached(key: string, cacheFile: string): Promise<Preview | undefined> {
  try {
    const entry = JSON.parse(await fs.readFile(cacheFile, "utf8")) as CachedPreview
    if (entry.key !== key) return undefined
    const now = await hashFiles(Object.keys(entry.inputs))
    return now && Object.entries(entry.inputs).every(([file, hash]) => now[file] === hash) ? { script: entry.script, stylesheet: entry.stylesheet } : undefined
  } catch {
    return undefined
  }
}

export async function buildPreview(contentDir = path.resolve("content"), cacheFile = PREVIEW_CACHE): Promise<Preview> {
  const labels = Object.fromEntries(
    await Promise.all(
      LANGUAGES.map(async ({ code }) => {
        const site = JSON.parse(await fs.readFile(path.join(contentDir, "site", `site.${code}.json`), "utf8")) as {
          hero: unknown
          breadcrumbLabel: string
          breadcrumbHome: string
        }
        return [code, { hero: site.hero, breadcrumbLabel: site.breadcrumbLabel, breadcrumbHome: site.breadcrumbHome }] as const
      }),
    ),
  )
  const options: BuildOptions = {
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
      SITE_LABELS: JSON.stringify(labels),
    },
    logLevel: "silent",
  }
  const key = hashOf(JSON.stringify({ esbuildVersion, options }))
  const earlier = await cached(key, cacheFile)
  if (earlier) return earlier
  const result = await build({ ...options, metafile: true })
  const output = (extension: string) => result.outputFiles?.find((file) => file.path.endsWith(extension))?.text
  const script = output(".js")
  const stylesheet = output(".css")
  if (!script || !stylesheet) throw new Error("The CMS preview bundle was not built (esbuild wrote no script or no stylesheet).")
  // esbuild names its input files relative to its working directory, and the `define`s (in the key already) as <define:NAME>
  const files = Object.keys(result.metafile.inputs).filter((input) => !input.startsWith("<"))
  const inputs = await hashFiles(files.map((input) => path.resolve(input)))
  if (inputs) {
    await fs.mkdir(path.dirname(cacheFile), { recursive: true })
    await fs.writeFile(cacheFile, JSON.stringify({ key, inputs, script, stylesheet } satisfies CachedPreview))
  }
  return { script, stylesheet }
}
