/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import zlib from "zlib"
import { MIN_BYTES, precompress } from "../../src/build-time/postbuild/precompress"

let root: string
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "precompress-"))
})
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true })
})

const write = (name: string, content: string | Buffer) => {
  fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true })
  fs.writeFileSync(path.join(root, name), content)
}
const read = (name: string) => fs.readFileSync(path.join(root, name))
const exists = (name: string) => fs.existsSync(path.join(root, name))
const page = (words: number) => `<!doctype html><p>${Array.from({ length: words }, (_, i) => `word${i % 97}`).join(" ")}</p>`

describe("precompress", () => {
  it("writes brotli and gzip copies that decompress to the file, for every compressible file big enough, at any depth", async () => {
    write("index.html", page(400))
    write("page-data/product/page-data.json", JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ i })) }))
    write("app-1234.js", `console.log(${JSON.stringify(page(300))})`)
    const result = await precompress(root)
    expect(result.files).toBe(3)
    for (const name of ["index.html", "page-data/product/page-data.json", "app-1234.js"]) {
      expect(zlib.brotliDecompressSync(read(`${name}.br`)).equals(read(name))).toBe(true)
      expect(zlib.gunzipSync(read(`${name}.gz`)).equals(read(name))).toBe(true)
      expect(read(`${name}.br`).length).toBeLessThan(read(name).length / 2)
    }
    expect(result.bytes).toBe(["index.html", "page-data/product/page-data.json", "app-1234.js"].reduce((sum, name) => sum + read(name).length, 0))
    expect(fs.readdirSync(root, { recursive: true }).filter((name) => String(name).endsWith(".tmp"))).toEqual([])
  })

  it("leaves small files, images and source maps alone", async () => {
    write("small.css", "a{color:red}")
    write("photo.webp", Buffer.alloc(MIN_BYTES * 4, 7))
    write("app.js.map", JSON.stringify({ mappings: page(400) }))
    write("exactly.txt", "x".repeat(MIN_BYTES))
    expect((await precompress(root)).files).toBe(1)
    expect(exists("exactly.txt.br")).toBe(true)
    for (const name of ["small.css", "photo.webp", "app.js.map"]) {
      expect([name, exists(`${name}.br`), exists(`${name}.gz`)]).toEqual([name, false, false])
    }
  })

  it("replaces copies of a file a warm build rewrote, and removes copies whose file is gone or became small", async () => {
    write("index.html", page(400))
    write("old/index.html", page(300))
    write("tiny.js", page(300))
    await precompress(root)

    write("index.html", page(500))
    fs.rmSync(path.join(root, "old/index.html"))
    write("tiny.js", "1")
    const result = await precompress(root)
    expect(zlib.brotliDecompressSync(read("index.html.br")).toString()).toBe(page(500))
    expect(zlib.gunzipSync(read("index.html.gz")).toString()).toBe(page(500))
    expect(result.removed.sort()).toEqual(["old/index.html.br", "old/index.html.gz", "tiny.js.br", "tiny.js.gz"])
    for (const name of result.removed) expect(exists(name)).toBe(false)
  })

  it("with a manifest, keeps the copies of files a warm build left unchanged and remakes the rest", async () => {
    const manifest = path.join(root, "..", `${path.basename(root)}-manifest.json`)
    try {
      write("index.html", page(400))
      write("app.js", page(300))
      write("data.json", page(200))
      expect((await precompress(root, manifest)).kept).toBe(0)
      const made = Object.fromEntries(["index.html.br", "app.js.gz", "data.json.br"].map((name) => [name, fs.statSync(path.join(root, name)).mtimeMs]))

      // a warm build: one page rewritten as it was, one changed, one file's copy lost
      write("index.html", page(400))
      write("app.js", page(350))
      fs.rmSync(path.join(root, "data.json.br"))
      await new Promise((resolve) => setTimeout(resolve, 20))
      const result = await precompress(root, manifest)
      expect(result).toMatchObject({ files: 3, kept: 1 })
      expect(fs.statSync(path.join(root, "index.html.br")).mtimeMs).toBe(made["index.html.br"])
      expect(zlib.brotliDecompressSync(read("app.js.br")).toString()).toBe(page(350))
      expect(zlib.gunzipSync(read("app.js.gz")).toString()).toBe(page(350))
      expect(zlib.brotliDecompressSync(read("data.json.br")).toString()).toBe(page(200))
      expect(result.brotliBytes).toBe(["index.html", "app.js", "data.json"].reduce((sum, name) => sum + read(`${name}.br`).length, 0))
    } finally {
      fs.rmSync(manifest, { force: true })
    }
  })

  it("keeps a .gz or .br that is not a copy of a site file (a download an editor put there)", async () => {
    write("downloads/brochure.pdf.gz", Buffer.alloc(2000, 1))
    await precompress(root)
    expect(exists("downloads/brochure.pdf.gz")).toBe(true)
  })
})
