import fs from "fs"
import path from "path"
import { withoutFetchStandIn } from "../../src/webpack/node-fetch"

class ProvidePlugin {
  constructor(readonly definitions: Record<string, unknown>) {}
}
class DefinePlugin {
  constructor(readonly definitions: Record<string, unknown>) {}
}

describe("the HTML renderer's fetch", () => {
  it("drops the plugin that provides node-fetch as fetch and keeps every other", () => {
    const define = new DefinePlugin({ fetch: "x" })
    const other = new ProvidePlugin({ Buffer: "buffer" })
    const config = { mode: "production", plugins: [define, new ProvidePlugin({ fetch: "node-fetch", "global.fetch": "node-fetch" }), other] }
    expect(withoutFetchStandIn(config)).toEqual({ mode: "production", plugins: [define, other] })
  })

  it("leaves a configuration without it alone", () => {
    expect(withoutFetchStandIn({ plugins: [new ProvidePlugin({ Buffer: "buffer" })] })).toBeNull()
    expect(withoutFetchStandIn({})).toBeNull()
  })

  // Gatsby 5.16 adds it in build-html and develop-html; if a release renames or
  // moves it, this says so before the build output starts saying ERROR again
  it("matches what Gatsby's webpack configuration adds", () => {
    const source = fs.readFileSync(path.join(require.resolve("gatsby/package.json"), "..", "dist/utils/webpack.config.js"), "utf8")
    expect(source).toMatch(/plugins\.provide\(\{\s*fetch: require\.resolve\(`node-fetch`\)/)
  })
})
