import { promises as fs } from "node:fs"
import path from "node:path"
import { scriptHash } from "../../security/header-rules"
import type { PostbuildStep } from "./step"
import { GLOBALS_ID, inlineScriptHashes, pageLoader, SCRIPTS_ID } from "./loader"

/**
 * Gatsby writes a few inline scripts into every page whose text changes with
 * every page and every build (window.pagePath, ___chunkMapping,
 * ___webpackCompilationHash). A Content-Security-Policy declared once, in
 * gatsby-config, cannot list hashes of those. So after the build their values
 * move into one JSON data block (not executed, so outside script-src) and one
 * constant loader script (page-loader.ts, built by loader.ts), whose hash the
 * policy lists. Every inline script left is then one of a short, fixed list,
 * checked on every build (the step at the end of this file).
 *
 * The same rewrite takes Gatsby's `<script src async>` tags out of the page
 * and lists their addresses in a second data block; the loader adds them once
 * the page has loaded.
 */

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g
const CDATA = /^\s*\/\*<!\[CDATA\[\*\/([\s\S]*?)\/\*\]\]>\*\/\s*$/
const ASSIGNMENT = /^window\.([A-Za-z_$][\w$]*)=/

const SOURCE = /\ssrc\s*=\s*"([^"]+)"/

const scriptType = (attributes: string) => /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase()

const isClassicScript = (attributes: string) => {
  const type = scriptType(attributes)
  return !type || type === "text/javascript" || type === "application/javascript"
}

const isExecutable = (attributes: string) => !SOURCE.test(attributes) && (isClassicScript(attributes) || scriptType(attributes) === "module")

/** Gatsby's own chunk scripts: same-origin, async, classic scripts. */
const gatsbyChunk = (attributes: string) => {
  const src = SOURCE.exec(attributes)?.[1]
  return src && src.startsWith("/") && !src.startsWith("//") && /\sasync(\s|=|$)/.test(attributes) && isClassicScript(attributes) ? src : undefined
}

/** Reads `window.a=<JSON>;window.b=<JSON>;` into { a, b }; undefined for anything else. */
export function parseGlobals(source: string): Record<string, unknown> | undefined {
  let rest = (CDATA.exec(source)?.[1] ?? source).trim()
  const values: Record<string, unknown> = {}
  while (rest) {
    const name = ASSIGNMENT.exec(rest)?.[1]
    if (!name) return undefined
    rest = rest.slice(`window.${name}=`.length)
    let parsed = false
    for (let end = rest.indexOf(";"); end !== -1 && !parsed; end = rest.indexOf(";", end + 1)) {
      try {
        values[name] = JSON.parse(rest.slice(0, end))
        rest = rest.slice(end + 1).trim()
        parsed = true
      } catch {
        // the ; was inside the JSON: try the next one
      }
    }
    if (!parsed) return undefined
  }
  return Object.keys(values).length > 0 ? values : undefined
}

/** JSON that is safe inside <script>: no "</script>" or "<!--" can end or confuse the element. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c")

export interface Rewritten {
  html: string
  /** Hashes of the executable inline scripts left in the page */
  hashes: string[]
}

/**
 * Moves Gatsby's per-page globals out of inline scripts (see above); leaves
 * every other script as it is. Also drops U+0000: React 18's streaming
 * renderer, which Gatsby uses, can write one where a multi-byte character
 * meets a 2 kB chunk boundary (react/react#31134); it is never valid in HTML.
 */
export function rewriteInlineScripts(input: string): Rewritten {
  const loader = pageLoader()
  // eslint-disable-next-line no-control-regex -- NUL is what is removed
  const html = input.replace(/\u0000/g, "")
  // A page rewritten by an earlier build may come back from a warm build with
  // Gatsby's scripts stitched in again next to our block: the block's values
  // are kept, the fresh ones win, and one block is left.
  const previous: Record<string, unknown> = {}
  const fresh: Record<string, unknown> = {}
  let previousScripts: string[] = []
  const freshScripts: string[] = []
  let placed = false
  const MARK = "\u0000gatsby-globals\u0000"
  const place = () => {
    if (placed) return ""
    placed = true
    return MARK
  }
  const stripped = html.replace(SCRIPT, (element, attributes: string, source: string) => {
    if (new RegExp(`\\sid="${GLOBALS_ID}"`).test(attributes)) {
      try {
        Object.assign(previous, JSON.parse(source) as Record<string, unknown>)
      } catch {
        // a broken block is dropped; Gatsby's fresh scripts fill it again
      }
      return place()
    }
    if (new RegExp(`\\sid="${SCRIPTS_ID}"`).test(attributes)) {
      try {
        const list: unknown = JSON.parse(source)
        if (Array.isArray(list) && list.every((item) => typeof item === "string")) previousScripts = list
      } catch {
        // a broken block is dropped; Gatsby's fresh script tags fill it again
      }
      return ""
    }
    const chunk = gatsbyChunk(attributes)
    if (chunk && !source.trim()) {
      if (!freshScripts.includes(chunk)) freshScripts.push(chunk)
      return ""
    }
    if (!isExecutable(attributes)) return element
    if (source === loader) return place()
    const values = parseGlobals(source)
    if (!values) return element
    Object.assign(fresh, values)
    return place()
  })
  if (!placed) return { html, hashes: hashesIn(html) }
  const scripts = runtimeLast(freshScripts.length > 0 ? freshScripts : previousScripts)
  const replacement =
    `<script type="application/json" id="${GLOBALS_ID}">${scriptSafeJson({ ...previous, ...fresh })}</script>` +
    `<script type="application/json" id="${SCRIPTS_ID}">${scriptSafeJson(scripts)}</script><script>${loader}</script>`
  const result = stripped.replace(MARK, () => replacement)
  return { html: result, hashes: hashesIn(result) }
}

/**
 * The loader runs the scripts in list order. With webpack's runtime last, the
 * other chunks only queue their modules as they run, and the start-up (the
 * runtime running the entry module) is a task of its own instead of adding
 * to the evaluation of the app chunk.
 */
export function runtimeLast(scripts: string[]): string[] {
  const runtime = (src: string) => /\/webpack-runtime-[^/]*\.js$/.test(src)
  return [...scripts.filter((src) => !runtime(src)), ...scripts.filter(runtime)]
}

function hashesIn(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes, source] of html.matchAll(SCRIPT)) {
    if (isExecutable(attributes!) && source!.trim()) hashes.add(scriptHash(source!))
  }
  return [...hashes]
}

/**
 * Rewrites every page (see rewriteInlineScripts), then stops the build if an
 * inline script is left whose hash the policy does not list, naming the page
 * and the hash.
 */
export const inlineScripts: PostbuildStep = {
  name: "inline scripts under the Content-Security-Policy",
  async run({ publicDir, pages, reporter }) {
    const allowed = new Set(inlineScriptHashes())
    const unknown = new Map<string, string[]>()
    await Promise.all(
      pages.map(async (file) => {
        const original = await fs.readFile(file, "utf8")
        const { html, hashes } = rewriteInlineScripts(original)
        if (html !== original) await fs.writeFile(file, html)
        for (const hash of hashes.filter((hash) => !allowed.has(hash))) unknown.set(hash, [...(unknown.get(hash) ?? []), path.relative(publicDir, file)])
      }),
    )
    if (unknown.size === 0) return
    reporter.panicOnBuild(
      `Inline scripts that the Content-Security-Policy does not allow (after an upgrade of Gatsby or a plugin, or a new inline script):\n${[...unknown]
        .map(([hash, pages]) => `  - ${hash} in ${pages.slice(0, 3).join(", ")}${pages.length > 3 ? ` and ${pages.length - 3} more` : ""}`)
        .join("\n")}\nCheck each script; if it is to stay, allow its hash in inlineScriptHashes() in src/build-time/postbuild/loader.ts.`,
    )
  },
}
