import type { GatsbyBrowser } from "gatsby"
import { startTransition } from "react"
import type { ReactElement } from "react"
import type { Renderer } from "react-dom"
import { createRoot, hydrateRoot } from "react-dom/client"
import { markHydrationStarted, replayEarlyClick } from "./src/lib/early-click"
import { notePageChange } from "./src/lib/lead-source"
import { dropServerHead } from "./src/lib/server-head"
import "./src/styles/tokens.css"
import "./src/styles/base.css"
import "./src/styles/shared.css"
// The chrome every page renders, in the app's own script rather than in a
// "commons" chunk beside it: one script fewer to fetch at start-up, and one
// compressed file instead of two (about 0.7 KB less gzip, docs/audit.md)
import "./src/components/layout/Layout"
import "./src/components/layout/Seo"

/**
 * Hydrates in a transition. Gatsby's own hydrateRoot call renders the whole page in one
 * task, which on a phone blocks input for hundreds of milliseconds; inside startTransition
 * React renders in slices of about 5 ms and lets the browser handle input between them.
 * The server HTML is on screen meanwhile, so nothing a visitor sees waits for it.
 */
function hydrateInTransition(element: ReactElement, container: Element): void {
  // React listens for clicks from here on; the loader stops keeping them.
  markHydrationStarted()
  // Gatsby renders client-only (empty) pages instead of hydrating them; keep that.
  if (!document.getElementById("gatsby-focus-wrapper")?.children.length) {
    createRoot(container).render(element)
    return
  }
  startTransition(() => {
    hydrateRoot(container, element)
  })
}

// Gatsby types this hook with React 17's overloaded `render` signature; Gatsby itself only
// ever calls it as (element, container).
export const replaceHydrateFunction: GatsbyBrowser["replaceHydrateFunction"] = () => hydrateInTransition as unknown as Renderer

/**
 * The web manifest's link, from the <noscript> gatsby-ssr puts it in: added
 * once the page has loaded and hydrated, so that the manifest and its icon
 * are not fetched beside the page's first picture.
 */
function linkManifest(): void {
  const href = /href="([^"]+)"/.exec(document.querySelector("noscript[data-manifest]")?.textContent ?? "")?.[1]
  if (!href || document.querySelector('link[rel="manifest"]')) return
  document.head.append(Object.assign(document.createElement("link"), { rel: "manifest", href }))
}

/**
 * Once React has hydrated: clicks again the button a visitor clicked before
 * then (src/lib/early-click.ts), links the manifest, and marks the document,
 * which browser tests wait for before interacting.
 */
export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => {
  replayEarlyClick()
  linkManifest()
  document.documentElement.dataset.hydrated = "true"
}

/**
 * After a page change inside the site: remembers the page a visitor comes
 * from, for the contact form's lead source (src/lib/lead-source.ts), and
 * takes out the last page's search and sharing tags (src/lib/server-head.ts).
 */
export const onRouteUpdate: GatsbyBrowser["onRouteUpdate"] = ({ prevLocation }) => {
  notePageChange(prevLocation?.pathname)
  if (prevLocation) dropServerHead(document.head)
}
