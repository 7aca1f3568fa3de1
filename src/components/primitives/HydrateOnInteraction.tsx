import * as React from "react"
import { OnScreenSince } from "../../hooks/use-on-screen-since"

/** What reaching into a part looks like: a pointer, a finger, the keyboard, or focus arriving by Tab */
const INTERACTIONS = ["focusin", "pointerdown", "touchstart", "keydown"] as const

/**
 * True once the first page has hydrated: a part mounted after that comes with
 * a page change, a client render with no server HTML to keep, so its code is
 * fetched at once.
 */
let pageHydrated = false

/**
 * A part of the page whose code is fetched the first time a visitor reaches
 * into it, for parts that are on every page and rarely used (the footer's
 * newsletter form). The server renders it in full; in the browser it sits in a
 * Suspense boundary whose lazy code is only asked for on that first
 * interaction, and React keeps a boundary's server HTML, untouched and
 * working as plain HTML, until its code has arrived, then hydrates it in
 * place. Until then an early submit is the form's own plain POST (React does
 * not call preventDefault on HTML it has not hydrated), and what was typed
 * stays in the same input React then takes over.
 *
 * `region`: a selector for the part's server-rendered root, where
 * interactions count; it cannot be a ref, as React attaches none to HTML it
 * has not hydrated.
 *
 * The component is memoized and never re-renders by itself: a dehydrated
 * boundary given new props is thrown away and rendered from scratch (its
 * fallback, nothing, first), so the props must keep their identity, as
 * page data does.
 *
 * `now`: asked once the page has hydrated; true fetches the code then,
 * without waiting for an interaction (the part's HTML cannot show what the
 * visitor came for, such as inputs the address carries).
 */
export function hydrateOnInteraction<P extends object>(
  region: string,
  load: () => Promise<React.ComponentType<P>>,
  { now = () => false }: { now?: () => boolean } = {},
) {
  let ask = () => {}
  const asked = new Promise<void>((resolve) => {
    ask = resolve
  })
  // Typed by what it renders: React's lazy type does not carry a generic P's props through.
  const Part = React.lazy(async () => {
    await asked
    // A chunk that fails to arrive leaves the boundary dehydrated for good,
    // its HTML posting plainly, rather than an error that unmounts the page.
    const component = await load().catch(() => new Promise<never>(() => {}))
    return { default: component }
  }) as unknown as React.ComponentType<P>

  function Deferred(props: P) {
    // On the server, and in a client render after a page change, there is no
    // HTML to keep: the code is needed now. Gatsby's renderer
    // (renderToPipeableStream, written out on onAllReady) waits for it, so the
    // server HTML holds the part in full; renderToString would not wait.
    const [waits] = React.useState(() => typeof window !== "undefined" && !pageHydrated)
    const [since] = React.useState(() => performance.now())
    if (!waits) ask()

    React.useEffect(() => {
      pageHydrated = true
      if (!waits) return
      const within = (target: EventTarget | null) => target instanceof Element && target.closest(region) !== null
      // A page rendered on the client only (no server HTML), or a visitor
      // already in the part while the page hydrated: nothing to wait for.
      if (!document.querySelector(region) || within(document.activeElement) || now()) {
        ask()
        return
      }
      const onInteraction = (event: Event) => {
        if (!within(event.target)) return
        ask()
        stop()
      }
      // On the document, in the capture phase: React stops the propagation of
      // discrete events aimed at HTML it cannot hydrate yet, at its root.
      const stop = () => INTERACTIONS.forEach((type) => document.removeEventListener(type, onInteraction, true))
      INTERACTIONS.forEach((type) => document.addEventListener(type, onInteraction, { capture: true, passive: true }))
      return stop
    }, [waits])

    return (
      <React.Suspense fallback={null}>
        <OnScreenSince.Provider value={since}>
          <Part {...props} />
        </OnScreenSince.Provider>
      </React.Suspense>
    )
  }
  return React.memo(Deferred)
}
