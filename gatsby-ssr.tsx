import * as React from "react"
import type { GatsbySSR } from "gatsby"
import manropeLatin from "@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2"
import notoSansDevanagari from "@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2"
import { IconSprite } from "./src/components/primitives/IconSprite"
import { manifestPath } from "./src/lib/web-manifest"
import { unmarkServerHead } from "./src/lib/server-head"
import { languageByCode, languageOfPath } from "./src/lib/languages"
import { devanagariFont, type ScriptFont } from "./src/styles/script-faces"

/** The web font each language in another script than Latin adds to Manrope; a language not listed needs none */
const SCRIPT_FONTS: Partial<Record<string, ScriptFont>> = {
  hi: devanagariFont(notoSansDevanagari, "hi"),
}

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ pathname, setHtmlAttributes, setHeadComponents, setPreBodyComponents }) => {
  // the page's language, from its address (/hi/…: hi-IN)
  const language = languageOfPath(pathname)
  setHtmlAttributes({ lang: languageByCode(language).tag })
  const script = SCRIPT_FONTS[language]
  // every icon once, outside React's root (src/components/primitives/IconSprite.tsx)
  setPreBodyComponents([<IconSprite key="icons" />])
  // The emblem drawn in art/logo.mjs, rendered into static/ by `npm run art`.
  setHeadComponents([
    <link key="icon-svg" rel="icon" href="/favicon.svg" type="image/svg+xml" />,
    <link key="icon-png" rel="icon" href="/favicon-32.png" sizes="32x32" type="image/png" />,
    <link key="apple-touch-icon" rel="apple-touch-icon" href="/apple-touch-icon.png" />,
    // The page's language's manifest (src/build-time/postbuild/web-manifest.ts), linked after the page
    // (gatsby-browser's linkManifest): linked here, Chromium fetched it and its icon with the page, and
    // Lighthouse put both on the largest paint's path (+150 ms on /privacy and /product, 5 rounds each).
    // Installing the site is for after the page; a browser without JavaScript reads it from <noscript>.
    <noscript key="manifest" data-manifest="">
      <link rel="manifest" href={manifestPath(language)} />
    </noscript>,
    // The self-hosted font face src/styles/tokens.css declares (the same hashed file): fetched with the page, not after the CSS is parsed
    <link key="font-manrope" rel="preload" href={manropeLatin} as="font" type="font/woff2" crossOrigin="anonymous" />,
  ])
  if (!script) return
  // Declared on this language's pages only (src/styles/script-faces.ts). Never preloaded: a preload would
  // download the file on the phones that have the face as their system font (Android's Noto), which the face
  // takes first; where it is downloaded, the inlined stylesheet has it requested at the first layout.
  setHeadComponents([<style key="font-script-faces" data-script-faces="" dangerouslySetInnerHTML={{ __html: script.css }} />])
}

const isPreload = (component: React.ReactNode) =>
  React.isValidElement<{ rel?: string }>(component) && component.type === "link" && component.props.rel === "preload"

/**
 * Preload hints (the font, the hero poster) go to the top of <head>, before
 * the inlined stylesheet (about 24 kB): a browser sees them in the page's
 * first bytes and starts those requests at once.
 */
export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({ getHeadComponents, replaceHeadComponents }) => {
  // the tags only the server renders stay through hydration (src/lib/server-head.ts)
  const components = (getHeadComponents() as React.ReactNode[]).map(unmarkServerHead)
  replaceHeadComponents([...components.filter(isPreload), ...components.filter((component) => !isPreload(component))])
}
