/**
 * /estimate's calculator and method are not in the page's start-up scripts
 * (src/pages/estimate.tsx): their chunk is fetched once the page has
 * hydrated, with no interaction, and React takes over their server HTML in
 * place. After a page change, both render at once.
 */
import fs from "fs"
import path from "path"
import type { Page, Route } from "playwright-core"
import { estimate, formatNumber, readInputs, streamById, type EstimateModel } from "../../src/lib/estimate"
import { measuresFor, resultRows, type GridWords, type ResultMeasures } from "../../src/lib/estimate-quote"
import { closeAll, openPage, pageErrors, visit } from "../support/browser"
import { readContent, ROOT } from "../support/serve"

jest.setTimeout(60_000)
afterAll(closeAll)

const content = readContent<EstimateModel & { form: { defaultAmount: number }; results: ResultMeasures & GridWords & { range: string } }>(
  "estimate/estimate.en.json",
)

/** The scripts of a chunk group the build named (webpackChunkName in src/pages/estimate.tsx) */
function groupScripts(name: string): string[] {
  const stats = JSON.parse(fs.readFileSync(path.join(ROOT, "public", "webpack.stats.json"), "utf8")) as {
    namedChunkGroups: Record<string, { assets: { name: string }[] }>
  }
  const group = stats.namedChunkGroups[name]
  if (!group) throw new Error(`The build has no ${name} chunk: its code is in the page's start-up scripts again.`)
  return group.assets.map((asset) => `/${asset.name}`).filter((file) => file.endsWith(".js"))
}
/** The calculator's and the method's scripts */
const estimatorOnly = () => groupScripts("estimator")

/** The scripts the page's HTML lists for start-up (the loader's gatsby-scripts block) */
const startupScripts = (page: Page) => page.$eval("#gatsby-scripts", (block) => JSON.parse(block.textContent ?? "[]") as string[])

/** The ranges each result card shows */
const cards = (page: Page) => page.$$eval(".estimator__card dd", (values) => values.map((value) => value.textContent))

const shown = (range: { low: number; typical: number; high: number }) =>
  content.results.range.replace("{low}", formatNumber(range.low)).replace("{high}", formatNumber(range.high)).replace("{typical}", formatNumber(range.typical))

/** Waits, up to 10 s, until a condition on what the test has seen holds */
async function until(condition: () => boolean): Promise<void> {
  for (const start = Date.now(); !condition(); await new Promise((resolve) => setTimeout(resolve, 50)))
    if (Date.now() - start > 10_000) throw new Error("timed out")
}

/** A page whose requests for the calculator's chunk wait until `release` is called, and whose console errors (React's hydration errors among them) are kept */
async function heldBack(width: number): Promise<{ page: Page; requested: string[]; consoleErrors: string[]; release: () => void }> {
  const page = await openPage(width)
  const requested: string[] = []
  const consoleErrors: string[] = []
  page.on("request", (request) => requested.push(new URL(request.url()).pathname))
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text())
  })
  const waiting: Route[] = []
  let released = false
  const held = estimatorOnly()
  await page.route(
    (url) => held.includes(url.pathname),
    (route) => (released ? route.continue() : void waiting.push(route)),
  )
  const release = () => {
    released = true
    waiting.splice(0).forEach((route) => void route.continue())
  }
  return { page, requested, consoleErrors, release }
}

describe("the calculator's code on a served /estimate", () => {
  it("is not a start-up script: it is fetched once the page has hydrated, without any input, and takes over the server's HTML in place", async () => {
    const { page, requested, consoleErrors, release } = await heldBack(375)
    await visit(page, "/estimate")
    const startup = await startupScripts(page)
    expect(startup.filter((file) => estimatorOnly().includes(file))).toEqual([])
    // asked for with no interaction: the server's HTML has no controls to reach into
    await until(() => requested.some((file) => estimatorOnly().includes(file)))
    // until it comes, the server's estimate (the default's), boxes in the fields' places
    expect(await page.$("#estimate-stream")).toBeNull()
    const before = await cards(page)
    expect(before.length).toBeGreaterThan(0)
    await page.evaluate(() => {
      for (const node of document.querySelectorAll(".estimator h2, .estimator__card, .estimator__results-heading"))
        (node as unknown as { __fromServer: boolean }).__fromServer = true
    })
    release()
    await page.waitForSelector("#estimate-stream")
    expect(await cards(page)).toEqual(before)
    // the same nodes: hydrated, not rendered again
    expect(
      await page.$$eval(".estimator h2, .estimator__card, .estimator__results-heading", (nodes) =>
        nodes.every((node) => (node as unknown as { __fromServer?: boolean }).__fromServer === true),
      ),
    ).toBe(true)
    await page.fill("#estimate-amount", "7")
    await page.waitForFunction(() => window.location.search.includes("amount=7"))
    expect(await page.getAttribute(".estimator__actions a.button", "href")).toContain("estimate=")
    expect(await page.isVisible(".estimator__print")).toBe(true)
    expect(consoleErrors).toEqual([])
    expect(pageErrors(page)).toEqual([])
    await page.context().close()
  })

  it("shows a shared link's estimate without the visitor touching anything, even when its code comes late", async () => {
    const { page, consoleErrors, release } = await heldBack(1440)
    await visit(page, "/estimate?stream=rice-husk&amount=20&per=day")
    await page.waitForTimeout(500)
    expect(await page.$("#estimate-stream")).toBeNull()
    release()
    await page.waitForFunction(() => (document.querySelector("#estimate-stream") as HTMLSelectElement | null)?.value === "rice-husk")
    const inputs = readInputs(content, { stream: "rice-husk", amount: "20", per: "day" }, 20).inputs
    const expected = estimate(content, inputs)
    // every card's rows, in the page's order (resultRows), of rice husk's estimate, not the default's
    const measures = measuresFor(content.results, inputs, content)
    expect(await cards(page)).toEqual(
      expected.flatMap((result) => resultRows(measures, result, streamById(content, inputs.stream)!).map(([, range]) => shown(range))),
    )
    expect(await page.$$eval(".estimator__card", (articles) => articles.map((article) => article.getAttribute("data-solution")))).toEqual(
      expected.map((result) => result.solution),
    )
    expect(consoleErrors).toEqual([])
    expect(pageErrors(page)).toEqual([])
    await page.context().close()
  })
})

describe("the method on /estimate", () => {
  it("keeps its server HTML when its code comes; the estimator's link opens its factors, and the visitor closes them", async () => {
    const { page, consoleErrors, release } = await heldBack(375)
    await visit(page, "/estimate")
    await page.evaluate(() => ((document.querySelector("details.estimate-factors") as unknown as { __fromServer: boolean }).__fromServer = true))
    release()
    await page.waitForSelector("#estimate-stream")
    await page.click(".estimator__actions a[href='#how-we-estimate']")
    await page.waitForFunction(() => (document.querySelector("details.estimate-factors") as HTMLDetailsElement).open)
    expect(await page.$eval("details.estimate-factors", (details) => (details as unknown as { __fromServer?: boolean }).__fromServer)).toBe(true)
    await page.click("details.estimate-factors > summary")
    expect(await page.$eval("details.estimate-factors", (details) => (details as HTMLDetailsElement).open)).toBe(false)
    expect(consoleErrors).toEqual([])
    expect(pageErrors(page)).toEqual([])
    await page.context().close()
  })
})

describe("/estimate reached by a page change", () => {
  it("renders the calculator and the method at once, the factors open for a link to them", async () => {
    const page = await openPage(1440)
    await visit(page, "/privacy")
    await page.evaluate(() => (window as unknown as { ___navigate: (to: string) => void }).___navigate("/estimate?stream=wood-chips#how-we-estimate"))
    await page.waitForFunction(() => (document.querySelector("#estimate-stream") as HTMLSelectElement | null)?.value === "wood-chips")
    await page.waitForFunction(() => (document.querySelector("details.estimate-factors") as HTMLDetailsElement | null)?.open === true)
    expect(await page.$$eval("#per-tonne-heading ~ .estimate-table tbody tr", (rows) => rows.length)).toBe(content.streams.length)
    expect(pageErrors(page)).toEqual([])
    await page.context().close()
  })
})
