/**
 * The CMS's local backend (scripts/dev/cms-local-backend.ts) attacked the way the red
 * team did: entries and media written, read and deleted outside content/
 * (the rest of the checkout, `..`, an absolute path, links inside content/
 * that point out), requests from no page or a foreign one, a body that is not
 * JSON, a forged Host, an upload too large. Each must be refused and leave
 * every file outside content/ as it was; what the CMS itself sends (an entry
 * saved and read back, a gallery picture uploaded, listed and deleted) must
 * still work. The backend serves a temporary copy of content/ beside
 * stand-ins for the files an attacker would aim at.
 */
import { spawn, spawnSync } from "node:child_process"
import crypto from "node:crypto"
import fs from "node:fs"
import http from "node:http"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import { monitorEventLoopDelay, performance } from "node:perf_hooks"
import { pathToFileURL } from "node:url"
import { cmsConfig } from "../../src/cms/cms-config"
import { MAX_BODY_BYTES, editableFolders, startLocalBackend, type LocalBackend } from "../../scripts/dev/cms-local-backend"

jest.setTimeout(60_000)

const PROJECT = path.resolve(__dirname, "../..")
const root = fs.mkdtempSync(path.join(os.tmpdir(), "cms-confinement-"))
let backend: LocalBackend
let port = 0
let page = ""

/** Files an attacker would want to change, read or delete, none of them under content/ */
const OUTSIDE: Record<string, string> = {
  "package.json": '{ "name": "stand-in", "scripts": { "build": "gatsby build" } }\n',
  "gatsby-config.ts": "export default {}\n",
  "notes.txt": "a file at the root\n",
  "src/server/x.ts": "export const x = 1\n",
  "static/app.js": "console.log('app')\n",
  "node_modules/.bin/tool": "#!/bin/sh\necho tool\n",
  ".git/hooks/pre-commit.sample": "#!/bin/sh\n",
}

/** Every file and link outside content/, with a digest of its bytes or its target */
function treeOutsideContent(dir = root, prefix = ""): Record<string, string> {
  const tree: Record<string, string> = {}
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const relative = path.posix.join(prefix, entry.name)
    const full = path.join(dir, entry.name)
    if (relative === "content") continue
    if (entry.isSymbolicLink()) tree[relative] = `link → ${fs.readlinkSync(full)}`
    else if (entry.isDirectory()) Object.assign(tree, { [`${relative}/`]: "folder" }, treeOutsideContent(full, relative))
    else tree[relative] = crypto.createHash("sha256").update(fs.readFileSync(full)).digest("hex")
  }
  return tree
}

interface Answer {
  status: number
  body: Record<string, unknown> & { error?: string }
  headers: http.IncomingHttpHeaders
}

interface Sending {
  origin?: string | null
  contentType?: string
  host?: string
}

/**
 * POSTs to the backend as the CMS in a browser does (a loopback page's
 * Origin, JSON), or with the headers given; null leaves Origin out. An answer
 * that comes before the whole body has gone counts: that is how a refusal of
 * an oversized body arrives.
 */
function post(payload: unknown, { origin = page, contentType = "application/json; charset=utf-8", host }: Sending = {}): Promise<Answer> {
  const body = Buffer.isBuffer(payload) ? payload : Buffer.from(JSON.stringify(payload))
  const headers: http.OutgoingHttpHeaders = { "content-type": contentType, "content-length": body.length }
  if (origin !== null) headers.origin = origin
  if (host) headers.host = host
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path: "/api/v1", method: "POST", headers }, (response) => {
      const chunks: Buffer[] = []
      response.on("data", (chunk: Buffer) => chunks.push(chunk))
      response.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8")
        let parsed: Answer["body"]
        try {
          parsed = JSON.parse(text) as Answer["body"]
        } catch {
          parsed = { text }
        }
        resolve({ status: response.statusCode ?? 0, body: parsed, headers: response.headers })
      })
    })
    // the backend may close the connection once it has refused a body; the answer, if any, is what counts
    request.on("error", (error) => setTimeout(() => reject(error), 200))
    request.end(body)
  })
}

const options = { commitMessage: "Update", useWorkflow: false, status: "draft" }
const persistEntry = (file: string, raw = '{ "rt2": true }\n') => ({
  action: "persistEntry",
  params: { branch: "main", entry: { slug: "rt2", path: file, raw }, assets: [], options },
})
const persistMedia = (file: string, bytes: Buffer = Buffer.from("rt2")) => ({
  action: "persistMedia",
  params: { branch: "main", asset: { path: file, content: bytes.toString("base64"), encoding: "base64" }, options: { commitMessage: "Upload" } },
})

beforeAll(async () => {
  fs.cpSync(path.join(PROJECT, "content"), path.join(root, "content"), { recursive: true })
  for (const [file, text] of Object.entries(OUTSIDE)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    fs.writeFileSync(path.join(root, file), text)
  }
  // links inside content/ that lead out of it: a file, a folder, and one whose target does not exist yet
  fs.symlinkSync("../../package.json", path.join(root, "content/about/leak.json"))
  fs.symlinkSync("../../static", path.join(root, "content/about/escape"))
  fs.symlinkSync("../../static/dangling.js", path.join(root, "content/about/dangling.js"))
  backend = await startLocalBackend({ root, port: 0, quiet: true })
  port = Number(new URL(backend.url).port)
  // the site under `npm run develop`, whose /admin talks to the backend
  page = "http://localhost:8000"
})

afterAll(async () => {
  await backend?.close()
  fs.rmSync(root, { recursive: true, force: true })
})

describe("the CMS local backend refuses what the red team sent", () => {
  let before: Record<string, string>
  beforeAll(() => {
    before = treeOutsideContent()
  })

  const targets = [
    "gatsby-rt2.ts",
    ".git/hooks/post-checkout",
    "src/server/rt2.ts",
    "static/rt2.js",
    "node_modules/.bin/rt2",
    "content/../package.json",
    "content/gallery/../../notes.txt",
    "content\\..\\rt2.ts",
    "content/gallery/rt2\0.jpg",
    "/content/gallery/rt2.jpg",
    // a link inside content/ to a file, to a folder, and to a file not yet there
    "content/about/leak.json",
    "content/about/escape/rt2.js",
    "content/about/dangling.js",
    // content/, but in no folder the CMS configuration names
    "content/README.md",
    "content/rt2/rt2.json",
  ]

  it.each(targets)("refuses an entry written to %j", async (target) => {
    const answer = await post(persistEntry(target))
    expect(answer.status).toBe(403)
    expect(answer.body.error).toEqual(expect.any(String))
  })

  it.each(targets)("refuses a media file written to %j", async (target) => {
    const answer = await post(persistMedia(target))
    expect(answer.status).toBe(403)
    expect(answer.body.error).toEqual(expect.any(String))
  })

  it("refuses an absolute path, even one inside the checkout", async () => {
    for (const payload of [persistEntry(path.join(root, "gatsby-rt2.ts")), persistMedia(path.join(root, "content/gallery/rt2.jpg"))]) {
      const answer = await post(payload)
      expect(answer.status).toBe(403)
      expect(answer.body.error).toContain(root)
    }
  })

  it("checks every path of an entry: its data files, their new paths and its assets", async () => {
    const entry = { slug: "hero", path: "content/hero/hero.en.json", raw: fs.readFileSync(path.join(root, "content/hero/hero.en.json"), "utf8") }
    const sneaked = [
      { entry: { ...entry, newPath: "static/rt2.json" } },
      { dataFiles: [entry, { ...entry, path: "src/server/rt2.ts" }] },
      { dataFiles: [{ ...entry, newPath: "gatsby-rt2.ts" }] },
      { entry, assets: [{ path: "node_modules/.bin/rt2", content: Buffer.from("rt2").toString("base64"), encoding: "base64" }] },
    ]
    for (const params of sneaked) {
      const answer = await post({ action: "persistEntry", params: { branch: "main", assets: [], options, ...params } })
      expect(answer.status).toBe(403)
    }
  })

  it("names the refused path in its answer, which the CMS's page may read", async () => {
    const answer = await post(persistEntry("src/server/rt2.ts"))
    expect(answer.body.error).toContain("src/server/rt2.ts")
    expect(answer.headers["access-control-allow-origin"]).toBe(page)
  })

  it("refuses a path through a link even in a folder the configuration names", async () => {
    const images = path.join(root, "content/solutions/images")
    fs.renameSync(images, `${images}.real`)
    fs.symlinkSync("../../static", images)
    try {
      const answer = await post(persistMedia("content/solutions/images/rt2.js"))
      expect(answer.status).toBe(403)
      expect(answer.body.error).toContain("link content/solutions/images")
    } finally {
      fs.unlinkSync(images)
      fs.renameSync(`${images}.real`, images)
    }
  })

  it("reads nothing outside content/", async () => {
    const reads = [
      { action: "getEntry", params: { branch: "main", path: "package.json" } },
      { action: "getMediaFile", params: { branch: "main", path: "package.json" } },
      { action: "getEntry", params: { branch: "main", path: "content/about/leak.json" } },
      { action: "entriesByFiles", params: { branch: "main", files: [{ path: "content/hero/hero.en.json" }, { path: "package.json" }] } },
      { action: "entriesByFolder", params: { branch: "main", folder: "src/server", extension: "ts", depth: 1 } },
      { action: "entriesByFolder", params: { branch: "main", folder: ".", extension: "json", depth: 1 } },
      { action: "getMedia", params: { branch: "main", mediaFolder: "static" } },
      // a listing of a named folder that holds a link out of content/
      { action: "getMedia", params: { branch: "main", mediaFolder: "content/about" } },
      { action: "entriesByFolder", params: { branch: "main", folder: "content/about", extension: "json", depth: 1 } },
    ]
    for (const read of reads) {
      const answer = await post(read)
      expect([read, answer.status]).toEqual([read, 403])
      expect(JSON.stringify(answer.body)).not.toContain("stand-in")
    }
  })

  it("deletes nothing outside content/", async () => {
    const deletes = [
      { action: "deleteFile", params: { branch: "main", path: "notes.txt", options: { commitMessage: "Delete" } } },
      { action: "deleteFiles", params: { branch: "main", paths: ["content/gallery/gallery-01.jpg", "notes.txt"], options: { commitMessage: "Delete" } } },
      { action: "deleteFile", params: { branch: "main", path: "content/about/escape/app.js", options: { commitMessage: "Delete" } } },
    ]
    for (const remove of deletes) expect((await post(remove)).status).toBe(403)
    // refused as a whole: the allowed path of the refused request stayed too
    expect(fs.existsSync(path.join(root, "content/gallery/gallery-01.jpg"))).toBe(true)
  })

  it("refuses actions it does not know, and paths that are not strings", async () => {
    for (const action of ["publishUnpublishedEntry", "unpublishedEntries", "deleteUnpublishedEntry", "rt2"]) {
      expect((await post({ action, params: { branch: "main", collection: "hero", slug: "hero" } })).status).toBe(403)
    }
    expect((await post({ action: "getEntry", params: { branch: "main", path: ["package.json"] } })).status).toBe(403)
    expect((await post({ action: "deleteFiles", params: { branch: "main", paths: "notes.txt", options: { commitMessage: "Delete" } } })).status).toBe(403)
  })

  it("answers only pages on this machine, with JSON, at its own address", async () => {
    const read = { action: "getEntry", params: { branch: "main", path: "content/hero/hero.en.json" } }
    expect((await post(read)).status).toBe(200)
    expect((await post(read, { origin: "http://127.0.0.1:9000" })).status).toBe(200)
    // no Origin: not the CMS in a browser (curl, a script, a page's form)
    expect((await post(read, { origin: null })).status).toBe(403)
    expect((await post(persistMedia("content/gallery/rt2-no-origin.jpg"), { origin: null })).status).toBe(403)
    expect((await post(persistMedia("content/gallery/rt2-foreign.jpg"), { origin: "https://attacker.example" })).status).toBe(403)
    expect((await post(read, { origin: "http://localhost.attacker.example" })).status).toBe(403)
    // a body a foreign page may send without asking first (no CORS preflight)
    expect((await post(JSON.stringify(persistMedia("content/gallery/rt2-text.jpg")), { contentType: "text/plain" })).status).toBe(415)
    // DNS rebinding: a name of the attacker's that resolves to 127.0.0.1
    expect((await post(read, { host: `rebind.attacker.example:${port}` })).status).toBe(403)
    for (const name of ["rt2-no-origin.jpg", "rt2-foreign.jpg", "rt2-text.jpg"]) expect(fs.existsSync(path.join(root, "content/gallery", name))).toBe(false)
  })

  it("answers a loopback page's CORS preflight and refuses a foreign one's", async () => {
    const preflight = (origin: string) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(
          {
            host: "127.0.0.1",
            port,
            path: "/api/v1",
            method: "OPTIONS",
            headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
          },
          (response) => {
            response.resume()
            resolve(response.statusCode ?? 0)
          },
        )
        request.on("error", reject)
        request.end()
      })
    expect(await preflight(page)).toBe(204)
    expect(await preflight("https://attacker.example")).toBe(403)
  })

  it("refuses a 37 MB upload with 413 and writes nothing", async () => {
    const answer = await post(persistMedia("content/gallery/rt2-huge.jpg", Buffer.alloc(Math.ceil((37e6 * 3) / 4), 7)))
    expect(answer.status).toBe(413)
    expect(answer.body.error).toEqual(expect.any(String))
    expect(fs.existsSync(path.join(root, "content/gallery/rt2-huge.jpg"))).toBe(false)
  })

  it("refuses an oversized body sent without a Content-Length as soon as it passes the cap", async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x61)
    const total = 4 * MAX_BODY_BYTES
    const { status, sent } = await new Promise<{ status: number; sent: number }>((resolve, reject) => {
      let sent = 0
      let answered = false
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          path: "/api/v1",
          method: "POST",
          headers: { origin: page, "content-type": "application/json", "transfer-encoding": "chunked" },
        },
        (response) => {
          answered = true
          response.resume()
          resolve({ status: response.statusCode ?? 0, sent })
        },
      )
      request.on("error", (error) => setTimeout(() => (answered ? undefined : reject(error)), 200))
      const pump = () => {
        while (!answered && sent < total) {
          sent += chunk.length
          if (!request.write(chunk)) return void request.once("drain", pump)
        }
        if (!answered) request.end()
      }
      request.write('{"action":"persistMedia","params":{"asset":{"path":"content/gallery/rt2-chunked.jpg","content":"')
      pump()
    })
    expect(status).toBe(413)
    // refused long before the body was all there: the backend did not read on to the end
    expect(sent).toBeLessThan(total / 2)
    expect(fs.existsSync(path.join(root, "content/gallery/rt2-chunked.jpg"))).toBe(false)
  })

  it("refuses a 16 MB body nested 8 million levels deep at once, and answers others meanwhile", async () => {
    const depth = 8_000_000
    const deep = Buffer.from("[".repeat(depth) + "]".repeat(depth))
    const lag = monitorEventLoopDelay({ resolution: 10 })
    lag.enable()
    const started = performance.now()
    const refused = post(deep).then((answer) => ({ ...answer, ms: performance.now() - started }))
    const other = post({ action: "info" }).then((answer) => ({ ...answer, ms: performance.now() - started }))
    const [deepAnswer, otherAnswer] = await Promise.all([refused, other])
    lag.disable()
    expect(deepAnswer.status).toBe(400)
    expect(deepAnswer.body.error).toMatch(/nested at most \d+ levels/)
    expect(otherAnswer.status).toBe(200)
    // JSON.parse held the backend 2.2 s on this body, every request waiting behind it
    expect(lag.max / 1e6).toBeLessThan(500)
    expect(deepAnswer.ms).toBeLessThan(1500)
    expect(otherAnswer.ms).toBeLessThan(1500)
  })

  it("takes the nesting of what the CMS sends, strings with brackets in them too", async () => {
    const raw = `${JSON.stringify({ title: "[[[{{{".repeat(100), steps: [{ text: '\\"[' }] }, null, 2)}\n`
    expect((await post(persistEntry("content/about/rt2-brackets.json", raw))).status).toBe(200)
    expect(fs.readFileSync(path.join(root, "content/about/rt2-brackets.json"), "utf8")).toBe(raw)
  })

  it("left every file outside content/ as it was: none written, changed or deleted", () => {
    expect(treeOutsideContent()).toEqual(before)
  })
})

describe("the folders the CMS may edit", () => {
  it("are those the CMS configuration names, a new content folder with them, and none outside content/", () => {
    const config = cmsConfig(path.join(PROJECT, "content"), { local: true })
    const folders = editableFolders(config)
    expect(folders).toContain("content/gallery")
    expect(folders).toContain("content/hero")
    expect(folders).toContain("content/solutions")
    expect(folders).toContain("content/solutions/images")
    expect([...folders].every((folder) => folder.startsWith("content/"))).toBe(true)
    const field = { name: "image", label: "Image", widget: "image" as const, required: true }
    const news = {
      name: "news",
      label: "News",
      folder: "content/news",
      format: "json" as const,
      fields: [
        { ...field, media_folder: "pictures" },
        { ...field, media_folder: "../../static" },
        { ...field, media_folder: "/src/server" },
      ],
    }
    const grown = editableFolders({ ...config, collections: [...config.collections, news] })
    expect([...grown].filter((folder) => !folders.has(folder)).sort()).toEqual(["content/news", "content/news/pictures"])
  })
})

describe("the CMS local backend still does what the CMS asks", () => {
  it("says what it is", async () => {
    const answer = await post({ action: "info" })
    expect(answer.status).toBe(200)
    expect(answer.body.type).toBe("local_fs")
  })

  it("saves an entry into content/ and reads it back", async () => {
    const file = "content/hero/hero.en.json"
    const hero = JSON.parse(fs.readFileSync(path.join(root, file), "utf8")) as { slides: { mainHeading: string }[] }
    hero.slides[0]!.mainHeading = "Saved Through the Local Backend"
    const raw = `${JSON.stringify(hero, null, 2)}\n`
    expect((await post(persistEntry(file, raw))).status).toBe(200)
    expect(fs.readFileSync(path.join(root, file), "utf8")).toBe(raw)
    const read = await post({ action: "getEntry", params: { branch: "main", path: file } })
    expect(read.status).toBe(200)
    expect(read.body.data).toBe(raw)
    const listed = await post({ action: "entriesByFolder", params: { branch: "main", folder: "content/solutions", extension: "json", depth: 1 } })
    expect(listed.status).toBe(200)
    // each solution in every language, as Decap's multiple_files i18n lists them
    const names = (listed.body as unknown as { file: { path: string } }[]).map((entry) => entry.file.path).sort()
    expect(names).toEqual(
      fs
        .readdirSync(path.join(root, "content/solutions"))
        .filter((name) => name.endsWith(".json"))
        .map((name) => `content/solutions/${name}`)
        .sort(),
    )
    expect(names).toContain("content/solutions/waste-to-charcoal.hi.json")
  })

  it("creates a solution, with a picture in the folder its image field names", async () => {
    const picture = { path: "content/solutions/images/rt2-new.jpg", content: Buffer.from("jpeg").toString("base64"), encoding: "base64" }
    const entry = { slug: "waste-to-rt2", path: "content/solutions/waste-to-rt2.json", raw: '{ "title": "New" }\n' }
    expect((await post({ action: "persistEntry", params: { branch: "main", entry, assets: [picture], options } })).status).toBe(200)
    expect(fs.readFileSync(path.join(root, "content/solutions/images/rt2-new.jpg"), "utf8")).toBe("jpeg")
    expect(fs.readFileSync(path.join(root, entry.path), "utf8")).toBe(entry.raw)
  })

  it("uploads a picture to the gallery, lists it, and deletes it", async () => {
    const bytes = crypto.randomBytes(6 * 1024 * 1024)
    const file = "content/gallery/rt2-upload.jpg"
    const uploaded = await post(persistMedia(file, bytes))
    expect(uploaded.status).toBe(200)
    expect(fs.readFileSync(path.join(root, file)).equals(bytes)).toBe(true)
    const library = await post({ action: "getMedia", params: { branch: "main", mediaFolder: "content/gallery" } })
    expect(library.status).toBe(200)
    expect(Object.values(library.body).map((item) => (item as { path: string }).path)).toContain(file)
    expect((await post({ action: "deleteFile", params: { branch: "main", path: file, options: { commitMessage: "Delete" } } })).status).toBe(200)
    expect(fs.existsSync(path.join(root, file))).toBe(false)
    fs.writeFileSync(path.join(root, "content/gallery/rt2-a.jpg"), "a")
    fs.writeFileSync(path.join(root, "content/gallery/rt2-b.jpg"), "b")
    const both = {
      action: "deleteFiles",
      params: { branch: "main", paths: ["content/gallery/rt2-a.jpg", "content/gallery/rt2-b.jpg"], options: { commitMessage: "Delete" } },
    }
    expect((await post(both)).status).toBe(200)
    expect(fs.existsSync(path.join(root, "content/gallery/rt2-a.jpg"))).toBe(false)
  })

  it("takes parallel uploads in turn, every one of them saved", async () => {
    const bytes = crypto.randomBytes(4 * 1024 * 1024)
    const names = ["rt2-p1.jpg", "rt2-p2.jpg", "rt2-p3.jpg", "rt2-p4.jpg"]
    const answers = await Promise.all(names.map((name) => post(persistMedia(`content/gallery/${name}`, bytes))))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
    for (const name of names) expect(fs.readFileSync(path.join(root, "content/gallery", name)).equals(bytes)).toBe(true)
  })

  it("answers every one of 40 parallel saves: saved (200) or refused with a 503 that says why", async () => {
    const bytes = crypto.randomBytes(200 * 1024)
    const names = Array.from({ length: 40 }, (_, index) => `rt2-burst-${index}.jpg`)
    // a connection error counts as an answer of 0, so that the test lists it, not fails at the first
    const answers = await Promise.all(
      names.map((name) =>
        post(persistMedia(`content/gallery/${name}`, bytes)).catch((error: Error): Answer => ({ status: 0, body: { error: error.message }, headers: {} })),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([])
    for (const answer of answers.filter(({ status }) => status === 503)) {
      expect(answer.body.error).toMatch(/^The local CMS backend is busy .*; try again shortly\.$/)
      expect(answer.headers["retry-after"]).toBe("5")
    }
    // each save answered 200 is on disk, whole; a refused one wrote nothing
    names.forEach((name, index) => {
      const file = path.join(root, "content/gallery", name)
      if (statuses[index] === 200) expect(fs.readFileSync(file).equals(bytes)).toBe(true)
      else expect(fs.existsSync(file)).toBe(false)
      fs.rmSync(file, { force: true })
    })
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0)
  })

  it("takes an upload just under the cap", async () => {
    const envelope = JSON.stringify(persistMedia("content/gallery/rt2-large.jpg", Buffer.alloc(0))).length
    const bytes = Buffer.alloc(Math.floor(((MAX_BODY_BYTES - envelope - 16) * 3) / 4), 9)
    expect((await post(persistMedia("content/gallery/rt2-large.jpg", bytes))).status).toBe(200)
    expect(fs.statSync(path.join(root, "content/gallery/rt2-large.jpg")).size).toBe(bytes.length)
  })
})

// prlimit sets a running process's largest file: past it, a write stops where a full disk would stop it (EFBIG)
const itWithPrlimit = spawnSync("prlimit", ["--version"]).status === 0 ? it : it.skip

describe("the CMS local backend never leaves a content file half-written", () => {
  itWithPrlimit("a save cut off mid-write leaves the entry as it was", async () => {
    // a backend of its own, in its own process, so only it is limited
    const probe = http.createServer()
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve))
    const childPort = (probe.address() as AddressInfo).port
    await new Promise((resolve) => probe.close(resolve))
    const child = spawn(process.execPath, ["--import", pathToFileURL(require.resolve("tsx")).href, path.join(PROJECT, "scripts/dev/cms.ts")], {
      cwd: root,
      env: { ...process.env, CMS_LOCAL_PORT: String(childPort) },
      stdio: ["ignore", "pipe", "pipe"],
    })
    try {
      await new Promise<void>((resolve, reject) => {
        let out = ""
        child.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString()
          if (out.includes("CMS local backend on")) resolve()
        })
        child.once("exit", () => reject(new Error(`the backend stopped: ${out}`)))
      })
      const file = path.join(root, "content/about/about.en.json")
      const before = fs.readFileSync(file, "utf8")
      // the backend may now write files of 4 KB at most: a 200 KB entry stops a fiftieth of the way
      expect(spawnSync("prlimit", ["--pid", String(child.pid), "--fsize=4096"]).status).toBe(0)
      const about = JSON.parse(before) as Record<string, unknown>
      const raw = `${JSON.stringify({ ...about, text: "A long text. ".repeat(16_000) }, null, 2)}\n`
      const saved = await new Promise<number>((resolve, reject) => {
        const body = Buffer.from(JSON.stringify(persistEntry("content/about/about.en.json", raw)))
        const request = http.request(
          {
            host: "127.0.0.1",
            port: childPort,
            path: "/api/v1",
            method: "POST",
            headers: { origin: page, "content-type": "application/json", "content-length": body.length },
          },
          (response) => {
            response.resume()
            resolve(response.statusCode ?? 0)
          },
        )
        request.on("error", reject)
        request.end(body)
      })
      expect(saved).toBe(500)
      // the entry as it was, never its first 4 KB; and no hidden copy left beside it
      expect(fs.readFileSync(file, "utf8")).toBe(before)
      expect(fs.readdirSync(path.dirname(file)).filter((name) => name.endsWith(".tmp"))).toEqual([])
    } finally {
      child.kill()
    }
  })
})
