/**
 * Every character a page shows is drawn from the site's own fonts. A single
 * glyph the fonts lack (Manrope had no U+2011, the non-breaking hyphen once
 * used in phone numbers) makes the browser look up and load a system font
 * during the first layout, which cost up to 15 ms of main thread before the
 * first paint, and draws that character in another typeface.
 *
 * The one exception is the language switch's other-language name on a page
 * (हिन्दी on an English page): drawn by the system's font, so that no English
 * page declares or downloads the Devanagari face (src/styles/script-faces.ts).
 * A Hindi page draws its text in Noto Sans Devanagari, with no letter
 * spacing, no capitals and taller lines: the system's own where it has one
 * (Android; this machine with Debian's fonts-noto-core, as .ci/run installs),
 * downloading nothing and shifting nothing, and the web font's file, fetched
 * once, on a device without it.
 */
import { execFileSync } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { chromium, type Page } from "playwright-core"
import { CHROMIUM_ARGS, chromiumPath } from "../../scripts/lib/chromium"
import { closeAll, layoutShifts, openPage, origin, recordLayoutShifts, visit } from "../support/browser"
import { siteRoutes } from "../../src/content/routes"
import { localizedPath } from "../../src/lib/languages"
import { readContent, ROOT } from "../support/serve"

jest.setTimeout(60_000)
afterAll(closeAll)

/** The system's Noto Sans Devanagari, as an Android phone has it: without it these tests would measure a device no reader has */
beforeAll(() => {
  let families = ""
  try {
    families = execFileSync("fc-list", [":lang=hi", "family"], { encoding: "utf8" })
  } catch {
    // no fontconfig: no system fonts to find
  }
  if (!/Noto Sans Devanagari/.test(families))
    throw new Error("This machine has no Noto Sans Devanagari system font, which Android phones have: apt-get install -y fonts-noto-core (as .ci/run does)")
})

/** Every route of each language: home, solutions, the other pages, the notices and the 404 page */
const ENGLISH = siteRoutes(ROOT, undefined, "en").map((route) => route.path)
// The Hindi not-found page at its own address: the server answers /hi/no-such-page with the English one (so far)
const HINDI = siteRoutes(ROOT, undefined, "hi").map((route) => (route.kind === "not-found" ? localizedPath("/404", "hi") : route.path))

/** The Devanagari web font file (its hashed name in /static/ begins with the package's) */
const DEVANAGARI_FILE = /\/static\/noto-sans-devanagari-devanagari-wght-normal-[^/]*\.woff2$/
/** The web faces a Hindi page draws with, in the order of its font stack */
const HINDI_FACES = ["Noto Sans Devanagari Variable", "Manrope Variable"]
const DEVANAGARI = /[\u0900-\u097f]/
/** Hindi's name in itself, as the English pages' language switch shows it */
const { languageName: HINDI_NAME } = readContent<{ languageName: string }>("site/site.hi.json")

/** The page's font files as it requests them, from now on */
function fontRequests(page: Page): string[] {
  const requests: string[] = []
  page.on("request", (request) => {
    if (request.resourceType() === "font") requests.push(new URL(request.url()).pathname)
  })
  return requests
}

/** The fonts Chromium drew the page's first heading with, and how many glyphs each drew */
async function headingFonts(page: Page) {
  const session = await page.context().newCDPSession(page)
  await session.send("DOM.enable")
  await session.send("CSS.enable")
  const { root } = await session.send("DOM.getDocument")
  const { nodeId } = await session.send("DOM.querySelector", { nodeId: root.nodeId, selector: "h1" })
  return (await session.send("CSS.getPlatformFontsForNode", { nodeId })).fonts
}

interface Coverage {
  /** The body's font stack without its fallbacks: the web faces */
  faces: string[]
  count: number
  lacking: string[]
  /** Text marked as in another language than the page's (the language switch), and the element holding it */
  foreign: { text: string; element: string }[]
}

/**
 * The page's characters that the web faces of its font stack do not draw (the
 * page must be open), leaving aside text marked as in another language when
 * `setAside` (the other script's name in an English page's language switch).
 */
async function coverage(page: Page, setAside: boolean): Promise<Coverage> {
  return page.evaluate(async (setAside) => {
    await document.fonts.ready
    const stack = getComputedStyle(document.body)
      .fontFamily.split(",")
      .map((family) => family.trim().replace(/^"|"$/g, ""))
    const faces = stack.filter((family) => !/Fallback$|^system-ui$|serif$|monospace$/.test(family))
    const family = faces.map((face) => `"${face}"`).join(", ")
    const primary = (tag: string | null) => (tag ?? "").split("-")[0]
    const language = primary(document.documentElement.lang)
    // textContent, not innerText: hidden text (the closed menu, inactive slides, text for screen readers) counts too
    const body = document.body.cloneNode(true) as HTMLElement
    body.querySelectorAll("script, style, noscript, template").forEach((element) => element.remove())
    // Text in another language than the page's is drawn by the system's font for that script
    const foreign = [...body.querySelectorAll("[lang]")]
      .filter((element) => primary(element.getAttribute("lang")) !== language)
      .map((element) => {
        const found = { text: element.textContent ?? "", element: `${element.closest("nav")?.className ?? ""} ${element.tagName.toLowerCase()}` }
        if (setAside) element.remove()
        return found
      })
    const text = (body.textContent ?? "") + [...document.querySelectorAll("[placeholder]")].map((element) => element.getAttribute("placeholder")).join("")
    const characters = [...new Set([...text.replace(/[\s\u00ad\u200b-\u200d\u2060\ufeff]/g, "")])]
    // A face whose unicode-range covers only text in a closed <details> is not fetched by the first layout: fetch every face the text needs before measuring.
    await document.fonts.load(`40px ${family}`, characters.join(""))
    const probe = document.createElement("span")
    probe.style.cssText = "position:absolute;visibility:hidden;white-space:pre;font-size:40px"
    document.body.append(probe)
    // A character the faces have is as wide whatever the next family is; one they lack takes that family's width.
    const width = (character: string, fallback: string) => {
      probe.style.fontFamily = `${family}, ${fallback}`
      probe.textContent = character.repeat(8)
      return probe.getBoundingClientRect().width
    }
    const lacking = characters.filter((character) => width(character, "monospace") !== width(character, "serif"))
    probe.remove()
    return {
      faces,
      count: characters.length,
      lacking: lacking.map((character) => `${character} U+${character.codePointAt(0)?.toString(16).toUpperCase().padStart(4, "0")}`),
      foreign,
    }
  }, setAside)
}

describe("the self-hosted font", () => {
  it.each(ENGLISH)("has a glyph for every character on %s, and no Devanagari face", async (route) => {
    const page = await openPage(375)
    const requests = fontRequests(page)
    const response = await page.goto(`${origin()}${route}`)
    const html = (await response?.text()) ?? ""
    const found = await coverage(page, true)
    expect(found.faces[0]).toMatch(/Manrope/)
    expect(found.count).toBeGreaterThan(30)
    expect(found.lacking).toEqual([])
    // The switch's हिन्दी is the only text in another language, and it costs an English page no byte of Devanagari
    expect(found.foreign).toEqual([{ text: HINDI_NAME, element: "language-switch a" }])
    expect(requests.filter((request) => /devanagari/i.test(request))).toEqual([])
    expect(requests.length).toBeGreaterThan(0)
    expect(html).not.toMatch(/devanagari/i)
    await page.context().close()
  })

  it.each(HINDI)("has a glyph for every character on %s, from Noto Sans Devanagari and Manrope, the system's Devanagari downloading nothing", async (route) => {
    const page = await openPage(375)
    const requests = fontRequests(page)
    const response = await page.goto(`${origin()}${route}`)
    const html = (await response?.text()) ?? ""
    const found = await coverage(page, false)
    expect(found.faces).toEqual(HINDI_FACES)
    expect(found.count).toBeGreaterThan(30)
    expect(found.lacking).toEqual([])
    // declared in the page's own <head>, a face for the regular weights and one for the bold, each the system's file first
    expect(html.match(/@font-face\{font-family:"Noto Sans Devanagari Variable"[^}]*src:local\(/g)).toHaveLength(2)
    expect(requests.filter((request) => DEVANAGARI_FILE.test(request))).toEqual([])
    await page.context().close()
  })
})

/**
 * A browser that finds no Devanagari system font (fontconfig told to leave
 * out every font for Hindi), as on a device without Noto: the page
 * downloads the web font's file, once, and draws its text with it.
 */
describe("a device without a Devanagari system font", () => {
  let dir = ""
  let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "fonts-no-devanagari-"))
    const config = path.join(dir, "fonts.conf")
    fs.writeFileSync(
      config,
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n<fontconfig>\n  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n` +
        `  <selectfont><rejectfont><pattern><patelt name="lang"><string>hi</string></patelt></pattern></rejectfont></selectfont>\n</fontconfig>\n`,
    )
    expect(execFileSync("fc-list", [":lang=hi", "family"], { encoding: "utf8", env: { ...process.env, FONTCONFIG_FILE: config } }).trim()).toBe("")
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, env: { ...process.env, FONTCONFIG_FILE: config } })
  })
  afterAll(async () => {
    await browser?.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it.each(["/hi", "/hi/estimate"])("downloads the web font's file once on %s and draws the heading with it", async (route) => {
    const page = await browser!.newPage({ viewport: { width: 375, height: 800 } })
    const requests = fontRequests(page)
    await page.goto(`${origin()}${route}`)
    await page.evaluate(() => document.fonts.ready)
    expect(requests.filter((request) => DEVANAGARI_FILE.test(request))).toHaveLength(1)
    const fonts = await headingFonts(page)
    expect(fonts.find((font) => font.isCustomFont && /Noto Sans Devanagari/.test(font.familyName))?.glyphCount).toBeGreaterThan(0)
    expect(fonts.filter((font) => !font.isCustomFont)).toEqual([])
    await page.context().close()
  })
})

/** The elements whose own text is in Devanagari, with what the type tests read from each */
function devanagariTextStyles() {
  return [...document.body.querySelectorAll<HTMLElement>("*")]
    .filter((element) => [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && /[\u0900-\u097f]/.test(node.textContent ?? "")))
    .filter((element) => element.getClientRects().length > 0)
    .map((element) => {
      const style = getComputedStyle(element)
      const size = parseFloat(style.fontSize)
      return {
        element: `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}`,
        letterSpacing: style.letterSpacing,
        textTransform: style.textTransform,
        lineHeight: style.lineHeight === "normal" ? 0 : Math.round((parseFloat(style.lineHeight) / size) * 100) / 100,
      }
    })
}

describe("Hindi type", () => {
  it.each(["/hi", "/hi/estimate", "/hi/contact", HINDI[1]!])(
    "draws %s's text in Noto Sans Devanagari, unspaced, in its own case, with tall lines",
    async (route) => {
      const page = await openPage(1440)
      await visit(page, route)
      await page.evaluate(() => document.fonts.ready)
      const faces = await page.evaluate(() => [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family.replace(/"/g, "")))
      expect(faces).toContain("Noto Sans Devanagari Variable")
      const fonts = await headingFonts(page)
      expect(await page.locator("h1").first().textContent()).toMatch(DEVANAGARI)
      // the face's file here is the system's (local()), which Chromium names by its own family, not as a web font
      expect(fonts.find((font) => font.familyName === "Noto Sans Devanagari")?.glyphCount).toBeGreaterThan(0)
      expect(fonts.filter((font) => !font.isCustomFont && font.familyName !== "Noto Sans Devanagari")).toEqual([])

      const styles = await page.evaluate(devanagariTextStyles)
      expect(styles.length).toBeGreaterThan(5)
      expect(styles.filter((style) => style.letterSpacing !== "normal")).toEqual([])
      expect(styles.filter((style) => style.textTransform !== "none")).toEqual([])
      // Devanagari's vowel signs reach about 0.91 of the em above the baseline and 0.28 below: lines under 1.4 make them touch
      expect(styles.filter((style) => style.lineHeight < 1.4)).toEqual([])
      await page.context().close()
    },
  )
})

describe.each([375, 1440])("the Hindi home page at %i px", (width) => {
  it("is drawn in the system's Noto Sans Devanagari from its first paint: no Devanagari file, no swap, a layout shift of at most 0.01", async () => {
    const page = await openPage(width)
    const requests = fontRequests(page)
    await recordLayoutShifts(page)
    await page.addInitScript(() => {
      const log = (window as unknown as { __cls: { entries: string[] } }).__cls
      document.fonts.addEventListener("loadingdone", (event) =>
        log.entries.push(`fonts at ${Math.round(performance.now())} ms: ${event.fontfaces.map((face) => face.family).join(", ")}`),
      )
    })
    await page.goto(`${origin()}/hi`, { waitUntil: "domcontentloaded" })
    await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0)
    await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 })
    await page.waitForTimeout(1000)
    expect(await page.evaluate(() => [...document.fonts].some((face) => face.family.includes("Devanagari Variable") && face.status === "loaded"))).toBe(true)
    expect(requests.filter((request) => DEVANAGARI_FILE.test(request))).toEqual([])
    const cls = await layoutShifts(page)
    console.log(`CLS of /hi at ${width} px: ${cls.total.toFixed(4)}${cls.entries.length ? `\n${cls.entries.join("\n")}` : ""}`)
    expect(cls.total).toBeLessThanOrEqual(0.01)
    await page.context().close()
  })
})
