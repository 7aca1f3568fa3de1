import type { GatsbyBrowser } from "gatsby"
import "slick-carousel/slick/slick.css"
import "./src/styles/global.css"

/** Marks the document once React has hydrated it: browser tests wait for this before interacting. */
export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => {
  document.documentElement.dataset.hydrated = "true"
}
