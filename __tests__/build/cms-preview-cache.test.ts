/**
 * The CMS preview bundle is made again only when something it is made from
 * changed: esbuild's list of inputs and their hashes decide, not a guess.
 */
import fs from "fs"
import os from "os"
import path from "path"
import { buildPreview } from "../../src/cms/preview/build"

jest.setTimeout(120_000)

const CONTENT = path.resolve("content")
let dir: string
let cacheFile: string
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "cms-preview-cache-"))
  cacheFile = path.join(dir, "cms-preview.json")
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const entry = () => JSON.parse(fs.readFileSync(cacheFile, "utf8")) as { key: string; inputs: Record<string, string>; script: string; stylesheet: string }

describe("the CMS preview bundle's cache", () => {
  it("records every file the bundle was made from, the site's own and the packages'", async () => {
    const made = await buildPreview(CONTENT, cacheFile)
    const { inputs, script } = entry()
    expect(script).toBe(made.script)
    const files = Object.keys(inputs)
    expect(files).toContain(path.resolve("src/cms/preview/index.tsx"))
    expect(files.some((file) => file.startsWith(path.resolve("src/components")))).toBe(true)
    expect(files.some((file) => file.includes(`${path.sep}node_modules${path.sep}react-dom${path.sep}`))).toBe(true)
    expect(files.every((file) => path.isAbsolute(file) && fs.existsSync(file))).toBe(true)
  })

  it("answers from the cache while every input is unchanged", async () => {
    const recorded = entry()
    fs.writeFileSync(cacheFile, JSON.stringify({ ...recorded, script: "/* from the cache */" }))
    expect((await buildPreview(CONTENT, cacheFile)).script).toBe("/* from the cache */")
  })

  it("bundles again when one input's contents differ from what was recorded", async () => {
    const recorded = entry()
    const component = Object.keys(recorded.inputs).find((file) => file.startsWith(path.resolve("src/components")))!
    fs.writeFileSync(cacheFile, JSON.stringify({ ...recorded, script: "/* stale */", inputs: { ...recorded.inputs, [component]: "0".repeat(64) } }))
    const made = await buildPreview(CONTENT, cacheFile)
    expect(made.script).not.toBe("/* stale */")
    expect(made.script.length).toBeGreaterThan(10_000)
    expect(entry().inputs[component]).not.toBe("0".repeat(64))
  })

  it("bundles again when an input is gone, or the labels from the content changed", async () => {
    const recorded = entry()
    fs.writeFileSync(
      cacheFile,
      JSON.stringify({ ...recorded, script: "/* stale */", inputs: { ...recorded.inputs, [path.join(dir, "gone.tsx")]: "0".repeat(64) } }),
    )
    expect((await buildPreview(CONTENT, cacheFile)).script).not.toBe("/* stale */")

    const content = path.join(dir, "content")
    fs.cpSync(CONTENT, content, { recursive: true })
    fs.writeFileSync(cacheFile, JSON.stringify({ ...entry(), script: "/* stale */" }))
    const site = JSON.parse(fs.readFileSync(path.join(content, "site", "site.en.json"), "utf8"))
    fs.writeFileSync(path.join(content, "site", "site.en.json"), JSON.stringify({ ...site, breadcrumbHome: `${site.breadcrumbHome} (changed)` }))
    const made = await buildPreview(content, cacheFile)
    expect(made.script).not.toBe("/* stale */")
    expect(made.script).toContain(`${site.breadcrumbHome} (changed)`)
  })
})
