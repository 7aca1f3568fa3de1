import { promises as fs } from "node:fs"
import path from "node:path"
import type { PostbuildStep, WebpackStats } from "./step"

/**
 * V8's explicit compile hint (Chromium 136 and later): a script that starts
 * with this comment has all its functions compiled while it streams in, on
 * a background thread, instead of each on the main thread when first called.
 * Gatsby's first scripts (React, the runtime, Gatsby's app code) run most of
 * their functions during start-up and hydration, where that main-thread
 * compiling made one long task. Other browsers ignore the comment.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad"

/** The JavaScript files every page loads first: the chunk group of Gatsby's `app` entry. */
export function initialScripts(stats: WebpackStats): string[] {
  return (stats.namedChunkGroups?.app?.assets ?? []).map((asset) => asset.name).filter((name) => name.endsWith(".js"))
}

/** The script with the hint as its first line (unchanged if it has it). */
export function withCompileHint(source: string): string {
  return source.startsWith(COMPILE_HINT) ? source : `${COMPILE_HINT}\n${source}`
}

/** Marks a source map already moved for the hint (source maps allow x_ fields). */
export const SHIFTED = "x_compileHintLine"

/**
 * A source map for its script after the hint line was put in front: every
 * mapping moves down one line. A map that carries the SHIFTED mark is left
 * as it is, so that warm builds, which may write a script and its map again
 * separately, never move a map twice.
 */
export function shiftedSourceMap(map: string): string {
  const parsed = JSON.parse(map) as { mappings?: string; [SHIFTED]?: boolean }
  if (typeof parsed.mappings !== "string") throw new Error("not a source map: it has no mappings")
  if (parsed[SHIFTED]) return map
  return JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}`, [SHIFTED]: true })
}

/** Puts the hint into the scripts every page loads first, and moves their source maps to match. */
export const compileHints: PostbuildStep = {
  name: "compile hints in the first scripts",
  async run({ publicDir, stats }) {
    await Promise.all(
      initialScripts(stats).map(async (name) => {
        // the script and its map each on their own: a warm build may write either again
        const file = path.join(publicDir, name)
        const source = await fs.readFile(file, "utf8")
        const hinted = withCompileHint(source)
        if (hinted !== source) await fs.writeFile(file, hinted)
        const map = await fs.readFile(`${file}.map`, "utf8").catch(() => undefined)
        const shifted = map === undefined ? undefined : shiftedSourceMap(map)
        if (shifted !== undefined && shifted !== map) await fs.writeFile(`${file}.map`, shifted)
      }),
    )
  },
}
