/**
 * /admin in the production build: the CMS's files are there with the
 * production configuration, served with their own headers, kept out of the
 * sitemap, and no public page loads or links to any of it.
 */
import fs from "fs"
import path from "path"
import { adminContentSecurityPolicy, pagesContentSecurityPolicy } from "../../src/build-time/site-headers"
import { ROOT, serveBuild, type Served } from "../support/serve"

jest.setTimeout(120_000)

const PUBLIC = path.join(ROOT, "public")
const ADMIN = path.join(PUBLIC, "admin")
let server: Served
beforeAll(async () => {
  server = await serveBuild()
})
afterAll(async () => {
  await server?.stop()
})

/** Every file of public/ outside /admin, relative */
const publicFiles = (dir = PUBLIC): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return full === ADMIN ? [] : publicFiles(full)
    return [path.relative(PUBLIC, full)]
  })

describe("/admin in the build", () => {
  it("holds the CMS's page, Decap's bundle, the previews and the production configuration", () => {
    for (const name of ["index.html", "config.yml", "decap-cms.js", "cms-preview.js", "cms-preview.css"])
      expect([name, fs.existsSync(path.join(ADMIN, name))]).toEqual([name, true])
    const config = JSON.parse(fs.readFileSync(path.join(ADMIN, "config.yml"), "utf8"))
    expect(config).toMatchObject({ publish_mode: "editorial_workflow", media_folder: "content/gallery" })
    expect(config.backend.name).not.toBe("proxy")
    const page = fs.readFileSync(path.join(ADMIN, "index.html"), "utf8")
    expect(page).toContain('<meta name="robots" content="noindex, nofollow">')
    expect(page).not.toMatch(/<script>(?!<\/script>)/) // no inline script
  })

  it("is served with the CMS's own CSP and noindex, at /admin and /admin/, and the home page keeps the site's", async () => {
    for (const pathname of ["/admin", "/admin/", "/admin/config.yml", "/admin/decap-cms.js"]) {
      const response = await fetch(`${server.origin}${pathname}`, { redirect: "manual" })
      const where = `${pathname} ${response.status}`
      expect([where, response.status === 200 || (response.status >= 300 && response.status < 400)]).toEqual([where, true])
      expect([where, response.headers.get("content-security-policy")]).toEqual([where, adminContentSecurityPolicy()])
      expect([where, response.headers.get("x-robots-tag")]).toEqual([where, "noindex, nofollow"])
    }
    const page = await fetch(`${server.origin}/admin/`)
    expect(await page.text()).toContain("/admin/decap-cms.js")
    const home = await fetch(`${server.origin}/`)
    expect(home.headers.get("content-security-policy")).toBe(pagesContentSecurityPolicy())
    expect(home.headers.get("x-robots-tag")).toBeNull()
  })

  it("is in no sitemap and no public file refers to it or to the CMS's code", () => {
    const files = publicFiles().filter((name) => /\.(html|js|json|xml|txt|css|webmanifest)$/.test(name))
    expect(files.length).toBeGreaterThan(50)
    for (const name of files) {
      const text = fs.readFileSync(path.join(PUBLIC, name), "utf8")
      if (name === "robots.txt") continue
      // a path /admin on this site, not another site's host named admin (a source's http://admin.indiaenvironmentportal.org.in/...)
      expect([name, /(?<!\/)\/admin\b|decap|netlify-cms/i.test(text)]).toEqual([name, false])
    }
    expect(fs.readFileSync(path.join(PUBLIC, "robots.txt"), "utf8")).toMatch(/^Disallow: \/admin\/$/m)
  })
})
