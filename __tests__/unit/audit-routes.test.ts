import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { auditPages, lighthousePages } from "../../scripts/audit/routes"
import { indexedRoutes } from "../../src/content/routes"
import { TRANSLATED } from "../../src/lib/languages"

/** A made-up project: three pages, two solutions, one notice page */
function project(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "audit-routes-"))
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    fs.writeFileSync(path.join(root, file), text)
  }
  for (const page of ["index.tsx", "404.tsx", "about.tsx"]) write(`src/pages/${page}`, "")
  write("content/solutions/b.en.json", JSON.stringify({ slug: "waste-to-heat", order: 2 }))
  write("content/solutions/a.en.json", JSON.stringify({ slug: "waste-to-gas", order: 1 }))
  write("content/forms/forms.en.json", JSON.stringify({ pages: [{ id: "sent", path: "/thank-you" }] }))
  return root
}

describe("the audit's pages come from the routes module", () => {
  const root = project()
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

  it("audits every route with the status and built file it must have", () => {
    expect(auditPages(root)).toEqual([
      { route: "/", kind: "public", status: 200, file: "public/index.html" },
      { route: "/waste-to-gas", kind: "public", status: 200, file: "public/waste-to-gas/index.html" },
      { route: "/waste-to-heat", kind: "public", status: 200, file: "public/waste-to-heat/index.html" },
      { route: "/about", kind: "public", status: 200, file: "public/about/index.html" },
      { route: "/thank-you", kind: "noindex", status: 200, file: "public/thank-you/index.html" },
      { route: "/no-such-page", kind: "404", status: 404, file: "public/404.html" },
      ...TRANSLATED.flatMap(({ code }) => [
        { route: `/${code}`, kind: "public", status: 200, file: `public/${code}/index.html` },
        { route: `/${code}/waste-to-gas`, kind: "public", status: 200, file: `public/${code}/waste-to-gas/index.html` },
        { route: `/${code}/waste-to-heat`, kind: "public", status: 200, file: `public/${code}/waste-to-heat/index.html` },
        { route: `/${code}/about`, kind: "public", status: 200, file: `public/${code}/about/index.html` },
        { route: `/${code}/thank-you`, kind: "noindex", status: 200, file: `public/${code}/thank-you/index.html` },
        { route: `/${code}/no-such-page`, kind: "404", status: 404, file: `public/${code}/404.html` },
      ]),
    ])
  })

  it("runs Lighthouse on the indexed routes only", () => {
    expect(lighthousePages(auditPages(root)).map((page) => page.route)).toEqual([
      "/",
      "/waste-to-gas",
      "/waste-to-heat",
      "/about",
      ...TRANSLATED.flatMap(({ code }) => [`/${code}`, `/${code}/waste-to-gas`, `/${code}/waste-to-heat`, `/${code}/about`]),
    ])
  })

  it("on this site: Lighthouse on exactly the sitemap's routes, axe, HTML and links on every one besides", () => {
    const here = path.resolve(__dirname, "../..")
    const pages = auditPages(here)
    expect(lighthousePages(pages).map((page) => page.route)).toEqual(indexedRoutes(here).map((route) => route.path))
    expect(pages.filter((page) => page.kind === "404").map((page) => page.route)).toEqual([
      "/no-such-page",
      ...TRANSLATED.map(({ code }) => `/${code}/no-such-page`),
    ])
    expect(pages.length).toBeGreaterThan(lighthousePages(pages).length)
  })
})
