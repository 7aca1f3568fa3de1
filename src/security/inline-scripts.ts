import { createHash } from "crypto"

/**
 * Gatsby writes a few inline scripts into every page whose text changes with
 * every page and every build (window.pagePath, ___chunkMapping,
 * ___webpackCompilationHash). A Content-Security-Policy declared once, in
 * gatsby-config, cannot list hashes of those. So after the build their values
 * move into one JSON data block (not executed, so outside script-src) and one
 * constant loader script, whose hash is known here. Every inline script left
 * is then one of a short, fixed list, checked on every build.
 */

export const GLOBALS_ID = "gatsby-globals"

/** The one inline script of ours: copies the data block's values onto window, where Gatsby's runtime reads them. */
export const GLOBALS_LOADER = `Object.assign(window,JSON.parse(document.getElementById("${GLOBALS_ID}").textContent))`

/**
 * The constant inline scripts of gatsby-plugin-image (its fade-in of lazily
 * loaded images), by hash. If an upgrade changes them, the build stops with
 * the new hash to put here (see assertKnownInlineScripts).
 */
export const PLUGIN_INLINE_SCRIPTS: Record<string, string> = {
  "gatsby-plugin-image: shows a lazily loaded image once it has loaded (in <head>)": "'sha256-v1oYH69RcooFs6F5XhMTzHiWlftYwnuQHDxIz0suNeo='",
  "gatsby-plugin-image: shows images that were already loaded before hydration (per image)": "'sha256-yZFBBEAhVR7+Ftx72ma6BMxZ0sAlz7DrJpEQjM6yvdk='",
}

export function scriptHash(source: string): string {
  return `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`
}

/** Every hash script-src allows: the loader and the plugin's scripts. */
export function inlineScriptHashes(): string[] {
  return [scriptHash(GLOBALS_LOADER), ...Object.values(PLUGIN_INLINE_SCRIPTS)]
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g
const CDATA = /^\s*\/\*<!\[CDATA\[\*\/([\s\S]*?)\/\*\]\]>\*\/\s*$/
const ASSIGNMENT = /^window\.([A-Za-z_$][\w$]*)=/

const isExecutable = (attributes: string) => {
  if (/\ssrc\s*=/.test(attributes)) return false
  const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase()
  return !type || type === "module" || type === "text/javascript" || type === "application/javascript"
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
  const html = input.replace(/\u0000/g, "")
  // A page rewritten by an earlier build may come back from a warm build with
  // Gatsby's scripts stitched in again next to our block: the block's values
  // are kept, the fresh ones win, and one block is left.
  const previous: Record<string, unknown> = {}
  const fresh: Record<string, unknown> = {}
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
    if (!isExecutable(attributes)) return element
    if (source === GLOBALS_LOADER) return place()
    const values = parseGlobals(source)
    if (!values) return element
    Object.assign(fresh, values)
    return place()
  })
  if (!placed) return { html, hashes: hashesIn(html) }
  const replacement = `<script type="application/json" id="${GLOBALS_ID}">${scriptSafeJson({ ...previous, ...fresh })}</script><script>${GLOBALS_LOADER}</script>`
  const result = stripped.replace(MARK, () => replacement)
  return { html: result, hashes: hashesIn(result) }
}

function hashesIn(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes, source] of html.matchAll(SCRIPT)) {
    if (isExecutable(attributes!) && source!.trim()) hashes.add(scriptHash(source!))
  }
  return [...hashes]
}
