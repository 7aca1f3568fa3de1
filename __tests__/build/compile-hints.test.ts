/**
 * The scripts every page loads first carry V8's compile hint on their first
 * line, and their source maps still point at the right code (moved down one
 * line, once, also after warm builds).
 */
import fs from "fs"
import path from "path"
import { SourceMapConsumer, type RawSourceMap } from "source-map"
import { COMPILE_HINT, initialScripts } from "../../src/build-time/postbuild/compile-hints"
import { ROOT } from "../support/serve"

const PUBLIC = path.join(ROOT, "public")
const stats = JSON.parse(fs.readFileSync(path.join(PUBLIC, "webpack.stats.json"), "utf8"))
const scripts = initialScripts(stats)

it("are the runtime, React and Gatsby's app code", () => {
  expect(scripts.map((name) => name.replace(/-[0-9a-f]{8,}\.js$/, ""))).toEqual(expect.arrayContaining(["webpack-runtime", "framework", "app"]))
})

describe.each(scripts)("%s", (name) => {
  const source = fs.readFileSync(path.join(PUBLIC, name), "utf8")
  const lines = source.split("\n")

  it("starts with the compile hint, once", () => {
    expect(lines[0]).toBe(COMPILE_HINT)
    expect(source.split(COMPILE_HINT)).toHaveLength(2)
  })

  it("has a source map whose mappings all fall on its code lines", async () => {
    const map = JSON.parse(fs.readFileSync(path.join(PUBLIC, `${name}.map`), "utf8")) as RawSourceMap
    await SourceMapConsumer.with(map, null, (consumer) => {
      let count = 0
      consumer.eachMapping((mapping) => {
        count += 1
        // line 1 is the hint; a map moved twice would point past the end
        expect(mapping.generatedLine).toBeGreaterThanOrEqual(2)
        expect(mapping.generatedLine).toBeLessThanOrEqual(lines.length)
        expect(mapping.generatedColumn).toBeLessThanOrEqual(lines[mapping.generatedLine - 1]!.length)
      })
      expect(count).toBeGreaterThan(100)
    })
  })
})
