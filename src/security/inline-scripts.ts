import { createHash } from "crypto"
import { EARLY_CLICK, EARLY_CLICK_SELECTOR, HYDRATION_STARTED } from "../lib/early-click"

/**
 * Gatsby writes a few inline scripts into every page whose text changes with
 * every page and every build (window.pagePath, ___chunkMapping,
 * ___webpackCompilationHash). A Content-Security-Policy declared once, in
 * gatsby-config, cannot list hashes of those. So after the build their values
 * move into one JSON data block (not executed, so outside script-src) and one
 * constant loader script, whose hash is known here. Every inline script left
 * is then one of a short, fixed list, checked on every build.
 *
 * The same rewrite takes Gatsby's `<script src async>` tags out of the page
 * and lists their addresses in a second data block; the loader adds them once
 * the page has loaded (see GLOBALS_LOADER).
 */

export const GLOBALS_ID = "gatsby-globals"
export const SCRIPTS_ID = "gatsby-scripts"

/** Milliseconds after which the loader adds Gatsby's scripts even if the load event has not come (a stalled image). */
export const SCRIPTS_FALLBACK_MS = 5000

/**
 * The one inline script of ours. It copies the globals block's values onto
 * window, where Gatsby's runtime reads them. Then it adds Gatsby's scripts
 * (React, the runtime and the page's code) only after the load event, the
 * first contentful paint (the load event can come before it) and the next
 * frame, so that the first paint and the largest image get the whole
 * connection and main thread, and hydration comes after them. A key press,
 * pointer or touch brings that forward, as does SCRIPTS_FALLBACK_MS. The
 * scripts run in their listed order (async=false) and so each in a task of
 * its own: React's evaluation and the runtime's start-up, which runs in the
 * last one, no longer add up to one long task.
 * The page is complete HTML without them: links and forms work before hydration.
 * A click before then on a button that opts in (the menu toggler) is kept,
 * for the page to replay once it has hydrated (src/lib/early-click.ts).
 */
export const GLOBALS_LOADER =
  `(function(d,w){Object.assign(w,JSON.parse(d.getElementById("${GLOBALS_ID}").textContent));` +
  `var b=d.getElementById("${SCRIPTS_ID}"),l=b?JSON.parse(b.textContent):[],e=["pointerdown","keydown","touchstart"],o=0;` +
  `function go(){if(o)return;o=1;e.forEach(function(t){w.removeEventListener(t,go,true)});` +
  `l.forEach(function(u){var s=d.createElement("script");s.src=u;s.async=false;d.body.appendChild(s)})}` +
  `function frame(){w.requestAnimationFrame(function(){w.setTimeout(go,0)})}` +
  `function later(){var P=w.PerformanceObserver;if(!P||(P.supportedEntryTypes||[]).indexOf("paint")<0)return frame();` +
  `new P(function(x,v){if(x.getEntriesByName("first-contentful-paint").length){v.disconnect();frame()}}).observe({type:"paint",buffered:true})}` +
  `if(d.readyState==="complete")later();else w.addEventListener("load",later);` +
  `e.forEach(function(t){w.addEventListener(t,go,{capture:true,passive:true})});w.setTimeout(go,${SCRIPTS_FALLBACK_MS});` +
  `w.addEventListener("click",function(x){var t=x.target;if(!w.${HYDRATION_STARTED})w.${EARLY_CLICK}=t&&t.closest?t.closest('${EARLY_CLICK_SELECTOR}'):null},true)})(document,window)`

export function scriptHash(source: string): string {
  return `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`
}

/**
 * Every hash script-src allows: the loader's, and nothing else. No plugin
 * writes an inline script any more (gatsby-plugin-image's fade-in went with
 * it from gatsby-config's plugins); a new one stops the build, naming its hash.
 */
export function inlineScriptHashes(): string[] {
  return [scriptHash(GLOBALS_LOADER)]
}

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
    if (source === GLOBALS_LOADER) return place()
    const values = parseGlobals(source)
    if (!values) return element
    Object.assign(fresh, values)
    return place()
  })
  if (!placed) return { html, hashes: hashesIn(html) }
  const scripts = runtimeLast(freshScripts.length > 0 ? freshScripts : previousScripts)
  const replacement =
    `<script type="application/json" id="${GLOBALS_ID}">${scriptSafeJson({ ...previous, ...fresh })}</script>` +
    `<script type="application/json" id="${SCRIPTS_ID}">${scriptSafeJson(scripts)}</script><script>${GLOBALS_LOADER}</script>`
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
