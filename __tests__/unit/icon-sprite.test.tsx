/**
 * @jest-environment node
 */
/**
 * The icon sprite: the server draws every icon once, and the build leaves
 * each page the ones it uses (icon-sprite-browser.test.ts: what a page reached
 * inside the site does).
 */
import * as React from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { spriteSymbols, withUsedSymbols } from "../../src/build-time/postbuild/icon-sprite"
import { IconSprite } from "../../src/components/primitives/IconSprite"
import { PhoneIcon, PlayIcon } from "../../src/components/primitives/Icons"
import { Footer } from "../../src/components/layout/Footer"
import { Header } from "../../src/components/layout/Header"
import { MobileMenu } from "../../src/components/layout/MobileMenu"
import { LATER_PART_ICONS, iconId } from "../../src/lib/icon-sprite"
import { company, forms, languages, privacy, site, solutions } from "../fixtures/chrome"

const sprite = renderToStaticMarkup(<IconSprite />)
const page = (body: string) => `<html><body>${sprite}<div id="___gatsby">${body}</div></body></html>`

describe("the sprite the server draws", () => {
  it("holds every icon as a symbol with shapes, on the 256 grid the icons are drawn on", () => {
    const symbols = spriteSymbols(page(""))
    expect(symbols.size).toBe(17)
    for (const [id, symbol] of symbols) {
      expect(id).toMatch(/^icon-[a-z-]+$/)
      expect(symbol).toContain('viewBox="0 0 256 256"')
      expect(symbol).toMatch(/<path d="M[^"]{20,}"/)
    }
  })

  it("is what an icon draws from: the icon's <use> names one of its symbols", () => {
    const icon = renderToStaticMarkup(<PhoneIcon size={18} aria-hidden="true" />)
    expect(icon).toBe(
      '<svg width="18" height="18" fill="currentColor" viewBox="0 0 256 256" aria-hidden="true" focusable="false"><use href="#icon-phone"></use></svg>',
    )
    expect(spriteSymbols(page("")).has("icon-phone")).toBe(true)
  })
})

describe("each page's sprite after the build", () => {
  it("keeps the symbols the page's icons use and no other", () => {
    const body = renderToStaticMarkup(
      <>
        <PhoneIcon size={16} />
        <PlayIcon size={20} />
        <PhoneIcon size={18} />
      </>,
    )
    const trimmed = withUsedSymbols(page(body))
    // and the close button's, which only the mobile menu draws, a part that comes after the page
    expect([...spriteSymbols(trimmed).keys()].sort()).toEqual(["icon-close", "icon-phone", "icon-play"])
    // the rest of the page as it was
    expect(trimmed.endsWith(`<div id="___gatsby">${body}</div></body></html>`)).toBe(true)
  })

  it("keeps exactly the icons of the parts that come after the page which the page's own chrome does not draw", () => {
    const drawn = (html: string) => new Set([...html.matchAll(/<use href="#([^"]+)"/g)].map(([, id]) => id!))
    const chrome = drawn(
      renderToStaticMarkup(
        <>
          <Header site={site} company={company} solutions={solutions} languages={languages} basePath="/" />
          <Footer site={site} company={company} forms={forms} privacy={privacy} solutions={solutions} />
        </>,
      ),
    )
    const menu = drawn(
      renderToStaticMarkup(
        <MobileMenu site={site} company={company} solutions={solutions} open={false} onClose={() => {}} openSubmenu={null} onToggleSubmenu={() => {}} />,
      ),
    )
    expect([...menu].filter((id) => !chrome.has(id)).sort()).toEqual(LATER_PART_ICONS.map(iconId).sort())
  })

  it("leaves a page without a sprite untouched", () => {
    expect(withUsedSymbols("<html><body><p>text</p></body></html>")).toBe("<html><body><p>text</p></body></html>")
  })
})
