/**
 * Every character a page shows is drawn from the site's own font. A single
 * glyph the font lacks (it had no U+2011, the non-breaking hyphen once used
 * in phone numbers) makes the browser look up and load a system font during
 * the first layout, which cost up to 15 ms of main thread before the first
 * paint, and draws that character in another typeface.
 */
import { openPage, origin } from "../support/browser"
import { routesOf } from "../support/content"

jest.setTimeout(60_000)

/** Every route: home, solutions, the other pages, the notices and the 404 page */
const ROUTES = routesOf()

describe("the self-hosted font", () => {
  it.each(ROUTES)("has a glyph for every character on %s", async (route) => {
    const page = await openPage(375)
    await page.goto(`${origin()}${route}`)
    const missing = await page.evaluate(async () => {
      await document.fonts.ready
      const family = getComputedStyle(document.body).fontFamily.split(",")[0]?.trim() ?? ""
      // textContent, not innerText: hidden text (the closed menu, inactive slides, text for screen readers) counts too
      const body = document.body.cloneNode(true) as HTMLElement
      body.querySelectorAll("script, style, noscript, template").forEach((element) => element.remove())
      const text = (body.textContent ?? "") + [...document.querySelectorAll("[placeholder]")].map((element) => element.getAttribute("placeholder")).join("")
      const characters = [...new Set([...text.replace(/[\s\u00ad\u200b-\u200d\u2060\ufeff]/g, "")])]
      // A face whose unicode-range covers only text in a closed <details> is not fetched by the first layout: fetch every face the text needs before measuring.
      await document.fonts.load(`40px ${family}`, characters.join(""))
      const probe = document.createElement("span")
      probe.style.cssText = "position:absolute;visibility:hidden;white-space:pre;font-size:40px"
      document.body.append(probe)
      // A character the font has is as wide whatever the next family is; one it lacks takes that family's width.
      const width = (character: string, fallback: string) => {
        probe.style.fontFamily = `${family}, ${fallback}`
        probe.textContent = character.repeat(8)
        return probe.getBoundingClientRect().width
      }
      const lacking = characters.filter((character) => width(character, "monospace") !== width(character, "serif"))
      probe.remove()
      return {
        family,
        count: characters.length,
        lacking: lacking.map((character) => `${character} U+${character.codePointAt(0)?.toString(16).toUpperCase().padStart(4, "0")}`),
      }
    })
    expect(missing.family).toMatch(/Manrope/)
    expect(missing.count).toBeGreaterThan(30)
    expect(missing.lacking).toEqual([])
    await page.context().close()
  })
})
