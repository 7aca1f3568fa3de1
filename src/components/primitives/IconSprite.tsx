import * as React from "react"
import { renderToStaticMarkup } from "react-dom/server"
import {
  ArrowRight,
  ArrowUp,
  CaretDown,
  CaretLeft,
  CaretRight,
  EnvelopeSimple,
  FacebookLogo,
  IdentificationCard,
  InstagramLogo,
  LinkedinLogo,
  List,
  MapPin,
  Pause,
  Phone,
  Play,
  X,
  XLogo,
} from "@phosphor-icons/react/dist/ssr"
import { ICON_SPRITE_ID, iconId, type IconName } from "../../lib/icon-sprite"

/**
 * The one icon set of the site (Phosphor, regular weight), by the names the
 * icons are drawn with (src/lib/icon-sprite.ts: the compiler holds the two lists to the same names). Only the server and the CMS preview
 * import this file: a page draws its icons from the sprite below, so their
 * paths are in its HTML once and in none of its JavaScript.
 */
const ICONS = {
  "arrow-right": ArrowRight,
  "arrow-up": ArrowUp,
  "caret-down": CaretDown,
  "caret-left": CaretLeft,
  "caret-right": CaretRight,
  close: X,
  email: EnvelopeSimple,
  facebook: FacebookLogo,
  instagram: InstagramLogo,
  linkedin: LinkedinLogo,
  location: MapPin,
  menu: List,
  pause: Pause,
  phone: Phone,
  play: Play,
  tax: IdentificationCard,
  x: XLogo,
} satisfies Record<IconName, unknown>

let symbols: string | undefined

/** The symbols' markup, rendered once: each icon's shapes without its own <svg> */
function spriteSymbols(): string {
  symbols ??= Object.entries(ICONS)
    .map(([name, Icon]) => {
      const shapes = renderToStaticMarkup(<Icon />)
        .replace(/^<svg[^>]*>/, "")
        .replace(/<\/svg>$/, "")
      return `<symbol id="${iconId(name as IconName)}" viewBox="0 0 256 256">${shapes}</symbol>`
    })
    .join("")
  return symbols
}

/**
 * Every icon as a <symbol>, before the page's root, where React never renders
 * it again; the build then leaves each page the symbols it draws
 * (src/build-time/postbuild/icon-sprite.ts).
 */
export function IconSprite() {
  return (
    <svg
      id={ICON_SPRITE_ID}
      xmlns="http://www.w3.org/2000/svg"
      aria-hidden="true"
      focusable="false"
      style={{ position: "absolute", width: 0, height: 0, overflow: "hidden" }}
      dangerouslySetInnerHTML={{ __html: spriteSymbols() }}
    />
  )
}
