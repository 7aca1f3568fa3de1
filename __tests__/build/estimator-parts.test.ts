/**
 * The calculator on /estimate stays a part fetched after the page is
 * interactive, within its budget: its chunk ("estimator"), the charts'
 * ("estimate-charts", a part of its own) and the second step's
 * ("estimate-economics", cost and earnings) at most 12 KB gzip each (12,000
 * bytes, gzip -9), and none among the route's start-up scripts. The
 * charts' and the step's HTML are in the page as built, before any script.
 */
import fs from "fs"
import path from "path"
import zlib from "zlib"
import { ROOT, assertBuilt } from "../support/serve"

const PART_BUDGET = 12_000
const publicDir = path.join(ROOT, "public")
const stats = () => JSON.parse(fs.readFileSync(path.join(publicDir, "webpack.stats.json"), "utf8")) as { assetsByChunkName: Record<string, string[]> }
const gzipped = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(publicDir, file)), { level: 9 }).length

describe("the estimator's parts", () => {
  beforeAll(() => assertBuilt())

  it.each(["estimator", "estimate-charts", "estimate-economics"])("%s is at most 12 KB gzip", (name) => {
    const files = (stats().assetsByChunkName[name] ?? []).filter((file) => file.endsWith(".js"))
    expect(files).toHaveLength(1)
    expect(gzipped(files[0]!)).toBeLessThanOrEqual(PART_BUDGET)
  })

  it.each(["estimate", "hi/estimate"])("/%s starts without them, and its HTML holds the charts with their tables", (route) => {
    const html = fs.readFileSync(path.join(publicDir, route, "index.html"), "utf8")
    // the scripts a page starts with are listed for its loader (src/server-head, the page loader), not as <script src>
    const listed = /<script type="application\/json" id="gatsby-scripts">([^<]*)<\/script>/.exec(html)
    const started = (JSON.parse(listed?.[1] ?? "[]") as string[]).map((file) => file.replace(/^\//, ""))
    const parts = ["estimator", "estimate-charts", "estimate-economics"].flatMap((name) => stats().assetsByChunkName[name] ?? [])
    expect(started.length).toBeGreaterThan(0)
    expect(started.filter((file) => parts.includes(file))).toEqual([])
    expect(html).toMatch(/id="estimate-chart-output"[\s\S]*?<table/)
    expect(html).toMatch(/id="estimate-chart-ghg"[\s\S]*?<table/)
    // and the second step, cost and earnings, for the default estimate, its figures and their sources
    expect(html).toMatch(/id="estimate-economics-heading"[\s\S]*?data-economics="capital"[\s\S]*?class="estimator__cite"/)
  })
})
