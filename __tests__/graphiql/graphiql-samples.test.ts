/**
 * The sample queries of docs/content.md, run exactly as written against the GraphiQL
 * endpoint of `gatsby develop`, and every declared type and field carrying a
 * description for GraphiQL to show. gatsby develop runs in a copy of the
 * project (node_modules linked), so its cache never meets the production
 * build's and the edits made here never touch the real content.
 */
import { spawn, type ChildProcess } from "child_process"
import fs from "fs"
import net from "net"
import path from "path"
import { modelSdl } from "../../src/content/schema"
import os from "os"
import { galleryCaptions, galleryFiles, productTitles, solutions } from "../support/content"
import { ROOT } from "../support/serve"

jest.setTimeout(360_000)

const DOC = fs.readFileSync(path.join(ROOT, "docs", "content.md"), "utf8")
/** The doc's GraphQL operations (its other graphql blocks are model SDL, in the recipe for a new content type) */
const QUERIES = [...DOC.matchAll(/```graphql\n([\s\S]*?)```/g)].map((match) => match[1] as string).filter((block) => /^\s*query\b/.test(block))

const SKIP = new Set(["node_modules", ".git", ".cache", "public", "screenshots", "var"])
const SITE = fs.mkdtempSync(path.join(os.tmpdir(), "develop-"))
let develop: ChildProcess
let endpoint = ""
let output = ""

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

async function run(query: string) {
  const response = await fetch(endpoint, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query }) })
  return (await response.json()) as { data?: Record<string, unknown>; errors?: { message: string }[] }
}

beforeAll(async () => {
  fs.cpSync(ROOT, SITE, { recursive: true, filter: (source) => !SKIP.has(path.relative(ROOT, source).split(path.sep)[0] ?? "") })
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(SITE, "node_modules"), "dir")
  const port = await freePort()
  endpoint = `http://127.0.0.1:${port}/___graphql`
  develop = spawn(process.execPath, [path.join(ROOT, "node_modules/gatsby/cli.js"), "develop", "--host", "127.0.0.1", "--port", String(port)], {
    cwd: SITE,
    env: { ...process.env, NODE_ENV: "development", GATSBY_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
  develop.stdout?.on("data", (chunk) => (output += chunk))
  develop.stderr?.on("data", (chunk) => (output += chunk))
  const deadline = Date.now() + 280_000
  for (;;) {
    try {
      if ((await run("{ __typename }")).data) break
    } catch {
      // still starting
    }
    if (Date.now() > deadline || develop.exitCode !== null) throw new Error(`gatsby develop did not serve GraphiQL:\n${output.slice(-3000)}`)
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
})

afterAll(async () => {
  if (develop?.pid) {
    try {
      process.kill(-develop.pid, "SIGTERM")
    } catch {
      // already gone
    }
    await new Promise((resolve) => setTimeout(resolve, 1500))
    try {
      process.kill(-develop.pid, "SIGKILL")
    } catch {
      // already gone
    }
  }
  fs.rmSync(SITE, { recursive: true, force: true })
})

/** The language a sample query asks for: every content type has a node per language, so each must name one */
const localeOf = (query: string) => /locale: \{ eq: "([^"]+)" \}/.exec(query)?.[1]

it("docs/content.md holds the three sample queries, each naming its language", () => {
  expect(QUERIES.map((query) => /query (\w+)/.exec(query)?.[1])).toEqual(["GalleryWithImages", "SolutionBySlug", "Products"])
  expect(QUERIES.map(localeOf)).toEqual(["en", "en", "hi"])
})

it("runs the gallery query as written", async () => {
  const result = await run(QUERIES[0] as string)
  expect(result.errors).toBeUndefined()
  const gallery = result.data?.galleryJson as { pictures: { title: string; image: { childImageSharp: { gatsbyImageData: { images: object } } } }[] }
  expect(gallery.pictures.map((picture) => picture.title)).toEqual(galleryCaptions())
  expect(gallery.pictures[0]?.image.childImageSharp.gatsbyImageData.images).toBeTruthy()
})

it("runs the solution-by-slug query as written", async () => {
  const result = await run(QUERIES[1] as string)
  expect(result.errors).toBeUndefined()
  const solution = result.data?.solutionsJson as { title: string; howItWorks: { steps: { title: string; icon: { publicURL: string } }[] } }
  // the solution the doc's query names must exist in content/solutions/
  const slug = /slug: \{ eq: "([^"]+)" \}/.exec(QUERIES[1] as string)?.[1]
  const expected = solutions().find((candidate) => candidate.slug === slug)
  expect({ slug, found: Boolean(expected) }).toEqual({ slug, found: true })
  expect(solution.title).toBe(expected!.title)
  expect(solution.howItWorks.steps.map((step) => step.title)).toEqual(expected!.howItWorks.steps.map((step) => step.title))
  expect(solution.howItWorks.steps[0]?.icon.publicURL).toMatch(/\.svg$/)
})

it("runs the products query as written", async () => {
  const result = await run(QUERIES[2] as string)
  expect(result.errors).toBeUndefined()
  expect((result.data?.productsJson as { items: { title: string }[] }).items.map((item) => item.title)).toEqual(productTitles(localeOf(QUERIES[2] as string)))
})

it("describes every content type and every field in GraphiQL", async () => {
  const result = await run(`{
    __schema { types { name description fields { name description } } }
  }`)
  const ours = (
    result.data?.__schema as { types: { name: string; description: string | null; fields: { name: string; description: string | null }[] | null }[] }
  ).types.filter((type) => /Json$/.test(type.name) || new RegExp(`^type ${type.name}\\b`, "m").test(modelSdl))
  expect(ours.length).toBeGreaterThan(30)
  const undescribed = ours.flatMap((type) => [
    ...(type.description ? [] : [type.name]),
    ...(type.fields ?? [])
      .filter((field) => !["id", "parent", "children", "internal", "jsonId"].includes(field.name) && !field.description)
      .map((field) => `${type.name}.${field.name}`),
  ])
  expect(undescribed).toEqual([])
})

it("reports an editor's mistake made while gatsby develop runs, naming the file and field", async () => {
  const file = path.join(SITE, "content/recycle/recycle.en.json")
  const original = fs.readFileSync(file, "utf8")
  const broken = JSON.parse(original) as Record<string, unknown>
  delete broken.title
  const seen = output.length
  try {
    fs.writeFileSync(file, JSON.stringify(broken, null, 2))
    const deadline = Date.now() + 30_000
    while (!output.slice(seen).includes("content/recycle/recycle.en.json: title is missing") && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    // the reporter wraps long lines; compare the words
    expect(output.slice(seen).replace(/\s+/g, " ")).toContain('content/recycle/recycle.en.json: title is missing; it is required (text). Add "title".')
  } finally {
    fs.writeFileSync(file, original)
  }
})

it("shows a picture dropped into content/gallery/ while gatsby develop runs, with no JSON edit", async () => {
  const dropped = path.join(SITE, "content/gallery/zz-live-upload.jpg")
  const query = "{ galleryJson { pictures { title image { base } } } }"
  try {
    const pictures = galleryCaptions().length
    fs.copyFileSync(path.join(SITE, "content/gallery", galleryFiles()[0]!), dropped)
    let titles: string[] = []
    const deadline = Date.now() + 30_000
    while (!titles.includes("Zz live upload") && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500))
      const result = await run(query)
      titles = ((result.data?.galleryJson as { pictures: { title: string }[] } | undefined)?.pictures ?? []).map((picture) => picture.title)
    }
    expect(titles).toHaveLength(pictures + 1)
    expect(titles[pictures]).toBe("Zz live upload")
  } finally {
    fs.rmSync(dropped, { force: true })
  }
})
