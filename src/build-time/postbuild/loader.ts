/**
 * Builds the page's one inline script from its readable source
 * (page-loader.ts): bundled with the constants it reads, minified by esbuild,
 * once per process. The Content-Security-Policy allows it by the hash of
 * exactly this output (inlineScriptHashes, below), and the inline-scripts step
 * writes exactly this output into every page.
 */
import fs from "node:fs"
import path from "node:path"
import { buildSync } from "esbuild"
import { scriptHash } from "../../security/header-rules"

/** The JSON block that holds Gatsby's per-page globals (window.pagePath, ___chunkMapping, …) */
export const GLOBALS_ID = "gatsby-globals"
/** The JSON block that lists Gatsby's scripts, which the loader adds once the page has loaded */
export const SCRIPTS_ID = "gatsby-scripts"
/** Milliseconds after which the loader adds Gatsby's scripts even if the load event has not come (a stalled image) */
export const SCRIPTS_FALLBACK_MS = 5000

/** Beside this file; from the project's root where Gatsby runs this file compiled into .cache/ */
const SOURCE = [path.join(__dirname, "page-loader.ts"), path.resolve("src/build-time/postbuild/page-loader.ts")].find((file) => fs.existsSync(file))

let built: string | undefined

/** The loader as it goes into the pages: minified, without a trailing newline. */
export function pageLoader(): string {
  if (built === undefined) {
    if (!SOURCE) throw new Error("src/build-time/postbuild/page-loader.ts is missing: the pages' loader script cannot be built.")
    const result = buildSync({
      entryPoints: [SOURCE],
      bundle: true,
      minify: true,
      format: "iife",
      target: "es2017",
      legalComments: "none",
      charset: "utf8",
      write: false,
      logLevel: "silent",
      define: {
        GLOBALS_ID: JSON.stringify(GLOBALS_ID),
        SCRIPTS_ID: JSON.stringify(SCRIPTS_ID),
        SCRIPTS_FALLBACK_MS: String(SCRIPTS_FALLBACK_MS),
      },
    })
    built = result.outputFiles[0]!.text.trim()
  }
  return built
}

/**
 * Every hash the pages' script-src allows: the page loader's, as built, and
 * nothing else. No plugin writes an inline script; a new one stops the build,
 * naming its hash (src/build-time/postbuild/inline-scripts.ts).
 */
export function inlineScriptHashes(): string[] {
  return [scriptHash(pageLoader())]
}
