/**
 * No rule's effect depends on the order the stylesheets are joined in
 * (docs/styles.md): webpack joins them in the order it meets their imports,
 * which changes with any page's imports. On every route, at a phone's and a
 * desktop's width (and with the mobile menu open, and without JavaScript), the
 * source sheets replace the built one: no two sheets tie on what an element
 * gets, and the page computes the same styles with the sheets forwards,
 * backwards and shuffled.
 */
import type { Page } from "playwright-core"
import { closeAll, openPage, origin, visit } from "../support/browser"
import { computedStyles, findConflicts, injectSheets, siteSheets, type Conflict, type Sheet } from "../support/cascade"
import { NOT_FOUND_PROBE, routesOf } from "../support/content"
import { shuffled } from "../support/random"
import { ROOT } from "../support/serve"

jest.setTimeout(240_000)
afterAll(closeAll)

const SHEETS = siteSheets(ROOT)
const ROUTES = [...routesOf("home", "solution", "page", "notice"), NOT_FOUND_PROBE]
/** For the slower whole-page comparison: each page, but one of the pages built from the same template */
const ONE_OF_EACH = [...routesOf("home", "page"), routesOf("solution")[0]!, routesOf("notice")[0]!, NOT_FOUND_PROBE]
/** Transitions and animations off, so a style read is the style at rest */
const STILL: Sheet = { name: "still", text: "*, *::before, *::after { transition: none !important; animation: none !important; }" }

const describeConflict = (route: string, conflict: Conflict) =>
  `${route}: ${conflict.element} { ${conflict.property} } is decided by order: ${conflict.tied.map((tie) => `${tie.sheet} "${tie.selector}" → ${tie.value}`).join(" / ")}`

async function conflictsOn(page: Page, route: string): Promise<string[]> {
  const { rules, layers } = await injectSheets(page, SHEETS)
  const found = [...(await findConflicts(page, rules, layers, "at rest")), ...(await findConflicts(page, rules, layers, "all on"))]
  return [...new Set(found.map((conflict) => describeConflict(route, conflict)))]
}

it("the sheets are the site's: every stylesheet under src/ but the CMS preview's", () => {
  expect(SHEETS.length).toBeGreaterThan(30)
  expect(SHEETS.map((sheet) => sheet.name)).toEqual(
    expect.arrayContaining(["src/styles/base.css", "src/styles/shared.css", "src/components/layout/Footer.css"]),
  )
})

describe.each([375, 1440])("at %i px", (width) => {
  it("no two stylesheets tie on any element of any route, at rest or in any state", async () => {
    const page = await openPage(width)
    const conflicts: string[] = []
    for (const route of ROUTES) {
      await visit(page, route)
      conflicts.push(...(await conflictsOn(page, route)))
      if (width === 375 && route === "/") {
        await page.click(".menu-toggler")
        await page.waitForSelector(".mobile-menu.is-open")
        conflicts.push(...(await conflictsOn(page, `${route} (menu open)`)))
      }
    }
    expect(conflicts).toEqual([])
  })

  it("every page computes the same styles with the sheets forwards, backwards and shuffled", async () => {
    const page = await openPage(width)
    const orders: [string, Sheet[]][] = [
      ["backwards", [...SHEETS].reverse()],
      ["shuffled", shuffled(SHEETS, 20261126)],
    ]
    for (const route of ONE_OF_EACH) {
      await visit(page, route)
      await injectSheets(page, [...SHEETS, STILL])
      const forwards = await computedStyles(page)
      for (const [name, order] of orders) {
        await injectSheets(page, [...order, STILL])
        const styles = await computedStyles(page)
        const differing = forwards.flatMap((style, index) => (style === styles[index] ? [] : [index]))
        expect({ route, order: name, differing }).toEqual({ route, order: name, differing: [] })
      }
    }
  })
})

it("without JavaScript (the static menu, no carousel controls) no two stylesheets tie either", async () => {
  const page = await openPage(375, { javaScriptEnabled: false })
  const conflicts: string[] = []
  for (const route of ["/", "/contact"]) {
    await page.goto(`${origin()}${route}`)
    expect(await page.evaluate(() => matchMedia("(scripting: none)").matches)).toBe(true)
    conflicts.push(...(await conflictsOn(page, `${route} (no JavaScript)`)))
  }
  expect(conflicts).toEqual([])
})

it("catches a tie: a sheet that sets what another sets, at the same specificity", async () => {
  const page = await openPage(1440)
  await visit(page, "/")
  const rival: Sheet = { name: "rival.css", text: ".site-footer__heading { color: red; }" }
  const { rules, layers } = await injectSheets(page, [...SHEETS, rival])
  const conflicts = await findConflicts(page, rules, layers, "at rest")
  expect(conflicts.map((conflict) => [conflict.property, conflict.tied.map((tie) => tie.sheet)])).toContainEqual([
    "color",
    ["src/components/layout/Footer.css", "rival.css"],
  ])
})
