import * as React from "react"
import type { GatsbySSR } from "gatsby"
import site from "./content/site/site.json"

/**
 * Without JavaScript the mobile menu cannot open, so its links are shown
 * in place under the header instead of behind the toggler.
 */
const noScriptMenu = `
  .menu-toggler { display: none !important; }
  @media (max-width: 1023.98px) {
    .mobile-menu { position: static; visibility: visible; pointer-events: auto; }
    .mobile-menu__backdrop, .mobile-menu__close, .mobile-menu__head { display: none; }
    .mobile-menu__panel { position: static; transform: none; width: auto; max-width: none; box-shadow: none; height: auto; }
  }
`

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: site.language })
  setHeadComponents([
    <noscript key="no-script-menu">
      <style>{noScriptMenu}</style>
    </noscript>,
  ])
}
