/**
 * A production machine needs only what docs/serving.md lists: the build's
 * output (public/, .cache/production-server-routes.json, the compiled
 * server, .cache/production-server.cjs, and the build's stamp,
 * .cache/production-server-build.json) and node_modules. This copies just
 * those into an empty folder, with node_modules as links to the project's
 * packages less the build's tools (esbuild, tsx, graphql, typescript), serves
 * from there as `npm run serve` does, and compares the answers with the
 * project's own server. The server also lists the files it loaded when it
 * ends: none of the build's tools, none of the sources.
 */
import { spawn, type ChildProcess } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { assertBuilt, freePort, ROOT, serveBuild, type Served } from "../support/serve"

/** What docs/serving.md says a production machine needs, besides node_modules */
const BUILD_OUTPUT = ["public", ".cache/production-server-routes.json", ".cache/production-server.cjs", ".cache/production-server-build.json"]
/** Packages only the build uses; the production folder goes without them */
const BUILD_TOOLS = ["esbuild", "@esbuild", "tsx", "graphql", "typescript"]
/** Headers that differ from one answer to the next whatever serves it */
const PER_ANSWER = new Set(["date", "connection", "keep-alive"])

let folder: string
let server: ChildProcess
let origin: string
let loadedList: string
let reference: Served
let output = ""

function productionFolder(): string {
  const into = fs.mkdtempSync(path.join(os.tmpdir(), "production-folder-"))
  for (const entry of BUILD_OUTPUT) fs.cpSync(path.join(ROOT, entry), path.join(into, entry), { recursive: true, preserveTimestamps: true })
  fs.mkdirSync(path.join(into, "node_modules"))
  for (const name of fs.readdirSync(path.join(ROOT, "node_modules"))) {
    if (name === ".cache" || name === ".bin" || BUILD_TOOLS.includes(name)) continue
    fs.symlinkSync(path.join(ROOT, "node_modules", name), path.join(into, "node_modules", name))
  }
  return into
}

async function answering(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000
  for (;;) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the server in ${folder} did not answer within 20 s:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

beforeAll(async () => {
  assertBuilt()
  folder = productionFolder()
  // outside the production folder's own files: a note of what the server loaded, written as it ends
  loadedList = path.join(folder, "loaded.json")
  const recorder = path.join(folder, "record-loaded.cjs")
  fs.writeFileSync(
    recorder,
    `process.on("exit", () => require("fs").writeFileSync(${JSON.stringify(loadedList)}, JSON.stringify(Object.keys(require.cache))))\n`,
  )
  const port = await freePort()
  origin = `http://127.0.0.1:${port}`
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    FORMS_DATA_DIR: path.join(folder, "forms-data"),
    FORMS_RATE_LIMIT: "1000",
    SMTP_URL: "",
  }
  server = spawn(process.execPath, ["--require", recorder, ".cache/production-server.cjs"], { cwd: folder, env, stdio: ["ignore", "pipe", "pipe"] })
  server.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk))
  server.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk))
  reference = await serveBuild()
  await answering(`${origin}/`, server)
}, 60_000)

afterAll(async () => {
  await reference?.stop()
  if (server && server.exitCode === null) {
    const ended = new Promise((resolve) => server.once("exit", resolve))
    server.kill("SIGTERM")
    setTimeout(() => server.kill("SIGKILL"), 5_000).unref()
    await ended
  }
  if (folder) fs.rmSync(folder, { recursive: true, force: true })
})

/** Status, headers (less the per-answer ones) and body of one request */
async function answer(base: string, pathname: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${pathname}`, { redirect: "manual", ...init })
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !PER_ANSWER.has(name)))
  return { status: response.status, headers, body: await response.text() }
}

const contact = () => ({
  method: "POST",
  headers: { "content-type": "application/json", accept: "application/json" },
  body: JSON.stringify({
    username: "Ada Lovelace",
    email: "ada@example.com",
    phone: "+1 555 010 0100",
    subject: "A plant for a farm",
    message: "From the production folder.",
    fillMs: 6000,
  }),
})

describe("the production server in a folder holding only the build's output and node_modules", () => {
  it("serves the pages, the 404 page, a redirect and the form endpoints with the project's own answers and headers", async () => {
    for (const pathname of ["/", "/contact", "/product/", "/no-such-page", "/404", "/robots.txt"]) {
      const [served, expected] = await Promise.all([answer(origin, pathname), answer(reference.origin, pathname)])
      expect([pathname, served]).toEqual([pathname, expected])
    }
    const home = await answer(origin, "/")
    expect(home.status).toBe(200)
    expect(home.headers["content-security-policy"]).toMatch(/default-src 'none'/)
    const missing = await answer(origin, "/no-such-page")
    expect(missing.status).toBe(404)
    expect(missing.body).toBe(fs.readFileSync(path.join(ROOT, "public", "404.html"), "utf8"))
  })

  it("takes a contact message and stores it in the folder's own store", async () => {
    const [posted, expected] = await Promise.all([answer(origin, "/api/contact", contact()), answer(reference.origin, "/api/contact", contact())])
    expect(posted.status).toBe(201)
    // the same answer but for the message's own id
    const withoutId = (text: string) => text.replace(/"id":"[^"]*"/g, '"id":"…"')
    expect({ ...posted, body: withoutId(posted.body) }).toEqual({
      ...expected,
      headers: { ...expected.headers, "content-length": posted.headers["content-length"] },
      body: withoutId(expected.body),
    })
    expect(fs.readdirSync(path.join(folder, "forms-data"), { recursive: true }).length).toBeGreaterThan(0)
  })

  it("has loaded none of the build's tools and no source file when it stops", async () => {
    const ended = new Promise((resolve) => server.once("exit", resolve))
    server.kill("SIGTERM")
    await ended
    const loaded: string[] = JSON.parse(fs.readFileSync(loadedList, "utf8"))
    expect(loaded.length).toBeGreaterThan(10)
    const tools = new RegExp(`node_modules/(${BUILD_TOOLS.join("|")})/`)
    expect(loaded.filter((file) => tools.test(file) || file.startsWith(path.join(ROOT, "src")) || file.startsWith(path.join(ROOT, "content")))).toEqual([])
  })
})
