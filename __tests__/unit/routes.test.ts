/**
 * The routes module on a made-up project: every address comes from the page
 * files, the solution files and the forms' notice pages, so an editor's
 * fourth solution or renamed notice page needs no edit anywhere else.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { basePathOf, indexedRoutes, languageOfPath, localizedPath, NOT_FOUND_PROBE, PAGE_PATH, siteRoutes, SLUG, solutionPath } from "../../src/content/routes"
import { localizeHref } from "../../src/lib/languages"
import { PRIVACY_PATH } from "../../src/lib/links"

let root: string
const write = (file: string, value: unknown) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
  fs.writeFileSync(path.join(root, file), typeof value === "string" ? value : JSON.stringify(value))
}
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "routes-"))
  for (const page of ["index.tsx", "404.tsx", "contact.tsx", "product.tsx", "privacy.tsx"]) write(`src/pages/${page}`, "")
  write("src/pages/README.md", "not a page")
  write("content/site/site.en.json", { menu: [{ to: "/" }, { to: "/#about" }, { listsSolutions: true }, { to: "/product" }, { to: "/contact" }] })
  write("content/solutions/heat.en.json", { slug: "waste-to-heat", order: 2 })
  write("content/solutions/gas.en.json", { slug: "waste-to-gas", order: 1 })
  write("content/solutions/gas.hi.json", { slug: "waste-to-gas", order: 1 })
  write("content/solutions/notes.md", "not a solution")
  write("content/forms/forms.en.json", {
    pages: [
      { id: "contact-sent", path: "/thanks" },
      { id: "unsubscribed", path: "/news/bye" },
    ],
  })
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

it("lists home, the solutions by their order, the pages in the menu's order, the notices and the 404 probe", () => {
  expect(siteRoutes(root, undefined, "en").map((route) => [route.path, route.kind, route.indexed])).toEqual([
    ["/", "home", true],
    ["/waste-to-gas", "solution", true],
    ["/waste-to-heat", "solution", true],
    ["/product", "page", true],
    ["/contact", "page", true],
    ["/privacy", "page", true],
    ["/thanks", "notice", false],
    ["/news/bye", "notice", false],
    [NOT_FOUND_PROBE, "not-found", false],
  ])
})

it("names where each route comes from, and a notice's or solution's id", () => {
  const routes = siteRoutes(root)
  expect(routes.find((route) => route.path === "/waste-to-heat")).toMatchObject({ source: "content/solutions/heat.en.json", id: "waste-to-heat" })
  expect(routes.find((route) => route.path === "/news/bye")).toMatchObject({ source: "content/forms/forms.en.json", id: "unsubscribed" })
  expect(routes.find((route) => route.path === "/")).toMatchObject({ source: "src/pages/index.tsx" })
})

it("picks up a solution added by an editor, with no other edit", () => {
  write("content/solutions/hydrogen.en.json", { slug: "waste-to-hydrogen", order: 3 })
  expect(indexedRoutes(root, undefined, "en").map((route) => route.path)).toEqual([
    "/",
    "/waste-to-gas",
    "/waste-to-heat",
    "/waste-to-hydrogen",
    "/product",
    "/contact",
    "/privacy",
  ])
})

it("reads another content folder when given one", () => {
  write("other/solutions/a.en.json", { slug: "waste-to-steam", order: 1 })
  write("other/forms/forms.en.json", { pages: [] })
  expect(
    siteRoutes(root, path.join(root, "other"), "en")
      .filter((route) => route.kind === "solution")
      .map((route) => route.path),
  ).toEqual(["/waste-to-steam"])
})

it("holds the slug and path rules the validation applies", () => {
  expect(solutionPath("waste-to-gas")).toBe("/waste-to-gas")
  expect(["waste-to-gas", "a1"].every((slug) => SLUG.test(slug))).toBe(true)
  expect(["Waste", "a--b", "-a", "a/b", ""].some((slug) => SLUG.test(slug))).toBe(false)
  expect(["/thank-you", "/subscribe/confirmed"].every((page) => PAGE_PATH.test(page))).toBe(true)
  expect(["thank-you", "/Thank", "/a//b", "/a/"].some((page) => PAGE_PATH.test(page))).toBe(false)
})

it("on this site: the solution pages are the files of content/solutions", () => {
  const here = path.resolve(__dirname, "../..")
  const files = fs.readdirSync(path.join(here, "content/solutions")).filter((name) => name.endsWith(".json"))
  // each solution file in each language is a page
  expect(siteRoutes(here).filter((route) => route.kind === "solution")).toHaveLength(files.length)
})

it("has the privacy notice's page where the forms' links point (PRIVACY_PATH, for code that cannot read the page files)", () => {
  const project = path.join(__dirname, "../..")
  const route = siteRoutes(project).find((candidate) => candidate.path === PRIVACY_PATH)
  expect(route).toMatchObject({ kind: "page", indexed: true, source: "src/pages/privacy.tsx" })
})

it("has every page in every language: the default's at the root, each other language's under its code, in the same order", () => {
  const routes = siteRoutes(root)
  const english = routes.filter((route) => route.language === "en")
  const hindi = routes.filter((route) => route.language === "hi")
  expect(hindi.map((route) => route.path)).toEqual(english.map((route) => (route.path === "/" ? "/hi" : `/hi${route.path}`)))
  expect(hindi.map((route) => route.basePath)).toEqual(english.map((route) => route.path))
  expect(hindi.map((route) => [route.kind, route.indexed, route.source])).toEqual(english.map((route) => [route.kind, route.indexed, route.source]))
  expect(hindi.find((route) => route.kind === "not-found")?.path).toBe(`/hi${NOT_FOUND_PROBE}`)
})

it("turns a site address into the same page in a language, and back", () => {
  expect(localizedPath("/", "hi")).toBe("/hi")
  expect(localizedPath("/contact", "hi")).toBe("/hi/contact")
  expect(localizedPath("/contact", "en")).toBe("/contact")
  expect(languageOfPath("/hi/contact")).toBe("hi")
  expect(languageOfPath("/hi")).toBe("hi")
  expect(languageOfPath("/history")).toBe("en") // a page whose name begins with a language's code is not in that language
  expect(basePathOf("/hi/contact")).toBe("/contact")
  expect(basePathOf("/hi")).toBe("/")
  expect(localizeHref("/contact?subject=Quote#contact", "hi")).toBe("/hi/contact?subject=Quote#contact")
  expect(localizeHref("/#about", "hi")).toBe("/hi#about")
  expect(localizeHref("/hi/waste-to-charcoal", "hi")).toBe("/hi/waste-to-charcoal") // already in the language
  expect(localizeHref("/api/contact", "hi")).toBe("/api/contact") // the endpoints are one for every language
  expect(localizeHref("/static/abc/logo.svg", "hi")).toBe("/static/abc/logo.svg")
  expect(localizeHref("https://example.org/", "hi")).toBe("https://example.org/")
  expect(localizeHref("#form", "hi")).toBe("#form")
  expect(localizeHref("/contact", "en")).toBe("/contact")
})
