import { SourceMapConsumer, SourceMapGenerator } from "source-map"
import { COMPILE_HINT, initialScripts, shiftedSourceMap, withCompileHint } from "../../src/build-time/postbuild/compile-hints"

describe("V8 compile hints", () => {
  it("are put on the first line once", () => {
    const source = "/*! licence */\n(self.chunk=self.chunk||[]).push([1])"
    const hinted = withCompileHint(source)
    expect(hinted.split("\n")[0]).toBe(COMPILE_HINT)
    expect(hinted.slice(COMPILE_HINT.length + 1)).toBe(source)
    expect(withCompileHint(hinted)).toBe(hinted)
  })

  it("go into the app entry's scripts, not its stylesheet", () => {
    const stats = {
      namedChunkGroups: { app: { assets: [{ name: "webpack-runtime-1.js" }, { name: "framework-2.js" }, { name: "styles.3.css" }, { name: "app-4.js" }] } },
    }
    expect(initialScripts(stats)).toEqual(["webpack-runtime-1.js", "framework-2.js", "app-4.js"])
    expect(initialScripts({})).toEqual([])
  })

  it("keep the source map true: a position maps to the same original after the shift", async () => {
    const generator = new SourceMapGenerator({ file: "app.js" })
    generator.addMapping({ generated: { line: 1, column: 5 }, original: { line: 10, column: 2 }, source: "src/a.ts", name: "start" })
    generator.addMapping({ generated: { line: 2, column: 0 }, original: { line: 20, column: 0 }, source: "src/b.ts" })
    const shifted = JSON.parse(shiftedSourceMap(generator.toString()))
    await SourceMapConsumer.with(shifted, null, (consumer) => {
      expect(consumer.originalPositionFor({ line: 2, column: 5 })).toMatchObject({ source: "src/a.ts", line: 10, column: 2, name: "start" })
      expect(consumer.originalPositionFor({ line: 3, column: 0 })).toMatchObject({ source: "src/b.ts", line: 20 })
      expect(consumer.originalPositionFor({ line: 1, column: 5 }).source).toBeNull()
    })
    // once only
    expect(shiftedSourceMap(shiftedSourceMap(generator.toString()))).toBe(shiftedSourceMap(generator.toString()))
    expect(() => shiftedSourceMap("{}")).toThrow(/no mappings/)
  })
})
