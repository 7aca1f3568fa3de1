/**
 * The page's one inline script (browser code; src/build-time/postbuild/loader.ts builds
 * it into the pages, minified, and the Content-Security-Policy allows it by
 * the hash of that output).
 *
 * 1. It copies the values of the globals block (Gatsby's per-page globals,
 *    moved out of inline scripts after the build) onto window, where
 *    Gatsby's runtime reads them.
 * 2. It adds Gatsby's scripts (React, the runtime and the page's code) only
 *    after the load event, the first contentful paint (the load event can
 *    come before it) and the next frame, so that the first paint and the
 *    largest image get the whole connection and main thread, and hydration
 *    comes after them. A key press, pointer or touch brings that forward, as
 *    does a fallback timer. The scripts run in their listed order
 *    (async = false) and so each in a task of its own: React's evaluation and
 *    the runtime's start-up no longer add up to one long task.
 * 3. A click before hydration on a button that opts in (the menu toggler) is
 *    kept for the page to replay once it has hydrated (src/lib/early-click.ts).
 *
 * The page is complete HTML without any of this: links and forms work before
 * hydration. The ids and the timer come in as constants from the build
 * (LOADER_CONSTANTS in loader.ts), so this file holds behaviour only.
 */
import { EARLY_CLICK, EARLY_CLICK_SELECTOR, HYDRATION_STARTED } from "../../lib/early-click"

declare const GLOBALS_ID: string
declare const SCRIPTS_ID: string
declare const SCRIPTS_FALLBACK_MS: number

type LoaderWindow = Window & typeof globalThis & Record<string, unknown>
;(function startPage(doc: Document, win: LoaderWindow) {
  Object.assign(win, JSON.parse(doc.getElementById(GLOBALS_ID)!.textContent!))

  const listBlock = doc.getElementById(SCRIPTS_ID)
  const scripts: string[] = listBlock ? JSON.parse(listBlock.textContent!) : []
  const interactions = ["pointerdown", "keydown", "touchstart"]
  let started = false

  function addScripts() {
    if (started) return
    started = true
    interactions.forEach((type) => win.removeEventListener(type, addScripts, true))
    scripts.forEach((src) => {
      const script = doc.createElement("script")
      script.src = src
      script.async = false
      doc.body.appendChild(script)
    })
  }

  function afterNextFrame() {
    win.requestAnimationFrame(() => win.setTimeout(addScripts, 0))
  }

  function afterFirstPaint() {
    const Observer = win.PerformanceObserver as typeof PerformanceObserver | undefined
    if (!Observer || (Observer.supportedEntryTypes || []).indexOf("paint") < 0) return afterNextFrame()
    new Observer((entries, observer) => {
      if (entries.getEntriesByName("first-contentful-paint").length) {
        observer.disconnect()
        afterNextFrame()
      }
    }).observe({ type: "paint", buffered: true })
  }

  if (doc.readyState === "complete") afterFirstPaint()
  else win.addEventListener("load", afterFirstPaint)
  interactions.forEach((type) => win.addEventListener(type, addScripts, { capture: true, passive: true }))
  win.setTimeout(addScripts, SCRIPTS_FALLBACK_MS)

  win.addEventListener(
    "click",
    (event) => {
      const target = event.target as Element | null
      if (!win[HYDRATION_STARTED]) win[EARLY_CLICK] = target && target.closest ? target.closest(EARLY_CLICK_SELECTOR) : null
    },
    true,
  )
})(document, window as unknown as LoaderWindow)
