import type { GatsbyBrowser } from "gatsby"
import { startTransition } from "react"
import type { ReactElement } from "react"
import type { Renderer } from "react-dom"
import { createRoot, hydrateRoot } from "react-dom/client"
import "slick-carousel/slick/slick.css"
import "./src/styles/global.css"

/**
 * Hydrates in a transition. Gatsby's own hydrateRoot call renders the whole page in one
 * task, which on a phone blocks input for hundreds of milliseconds; inside startTransition
 * React renders in slices of about 5 ms and lets the browser handle input between them.
 * The server HTML is on screen meanwhile, so nothing a visitor sees waits for it.
 */
function hydrateInTransition(element: ReactElement, container: Element): void {
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

/** Marks the document once React has hydrated it: browser tests wait for this before interacting. */
export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => {
  document.documentElement.dataset.hydrated = "true"
}
