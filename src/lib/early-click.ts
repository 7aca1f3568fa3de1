/**
 * A tap on a button before React listens is lost: until hydration a button
 * has no handler, and the tap itself only starts loading the scripts (see
 * the page loader, src/build-time/postbuild/page-loader.ts). For the buttons that
 * opt in with a `data-early-click` attribute (the menu toggler and the
 * Solutions sub-menu button), the loader keeps the last one clicked before
 * hydration starts under EARLY_CLICK; once the page has hydrated,
 * gatsby-browser clicks it again, so the visitor gets what they asked for.
 * A later click on anything else clears it.
 *
 * Opt-in, because a replay is only right where the button does the same on
 * the server's HTML as after hydration. Not the hero's play/pause button: the
 * server's HTML shows Play until the page knows the visitor's motion
 * preference, and then the slideshow starts by itself. Never a submit button:
 * without React its form posts by itself.
 *
 * No imports here: this module is in the browser bundle of every page.
 */

/** window property: the button clicked before hydration started, or null */
export const EARLY_CLICK = "__earlyClick"
/** window property: true once React has been asked to hydrate, and so listens */
export const HYDRATION_STARTED = "__hydrationStarted"
/** the buttons whose early clicks are kept */
export const EARLY_CLICK_SELECTOR = 'button[type="button"][data-early-click]'

type EarlyWindow = Window & { [EARLY_CLICK]?: HTMLElement | null; [HYDRATION_STARTED]?: boolean }

/** Called as React starts to hydrate: from then on React handles clicks itself. */
export function markHydrationStarted(): void {
  ;(window as EarlyWindow)[HYDRATION_STARTED] = true
}

/** Called once React has hydrated: clicks the button kept by the loader, if it is still in the page. */
export function replayEarlyClick(): void {
  const win = window as EarlyWindow
  const early = win[EARLY_CLICK]
  win[EARLY_CLICK] = null
  if (early?.isConnected) early.click()
}
