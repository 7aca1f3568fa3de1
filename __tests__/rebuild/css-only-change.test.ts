/**
 * A change to a stylesheet alone, then a warm build: Gatsby re-renders no
 * page ("There are no new or changed html files to build"), yet every page
 * must inline the new stylesheet (the inline-styles post-build step). So no
 * one needs `npm run clean` after editing CSS. The stylesheet is put back and
 * the site rebuilt afterwards, also when the test fails, and by the next run
 * when this one was killed (checkout-guard.ts).
 */
import fs from "fs"
import path from "path"
import { siteRoutes, type Route } from "../../src/content/routes"
import { checkoutGuard } from "../support/checkout-guard"
import { gatsbyBuild } from "../support/gatsby-build"
import { ROOT } from "../support/serve"

jest.setTimeout(300_000)

/** The last stylesheet gatsby-browser imports from src/ (the site's own, after any library's) */
const imported = [...fs.readFileSync(path.join(ROOT, "gatsby-browser.ts"), "utf8").matchAll(/^import "\.\/(src\/[^"]+\.css)"/gm)].map((match) => match[1]!)
const STYLESHEET = path.join(ROOT, imported[imported.length - 1] ?? "no stylesheet imported by gatsby-browser.ts")
/** A component's sheet every page uses: in each page's own stylesheet, not the app's (src/webpack/webpack-config.ts) */
const COMPONENT_SHEET = path.join(ROOT, "src/components/layout/Footer.css")
const PROBE = ".zz-warm-build-probe{order:7}"
const COMPONENT_PROBE = ".zz-warm-build-component-probe{order:8}"
/** Puts back a stylesheet a killed run left changed, before it is read */
const guard = checkoutGuard(ROOT)
const original = fs.existsSync(STYLESHEET) ? fs.readFileSync(STYLESHEET, "utf8") : undefined
const originalComponent = fs.existsSync(COMPONENT_SHEET) ? fs.readFileSync(COMPONENT_SHEET, "utf8") : undefined

/** The built page of a route: public/<path>/index.html, or public/404.html for the 404 page */
const builtPage = (route: Route) => path.join(ROOT, "public", route.kind === "not-found" ? "404.html" : path.join(route.path, "index.html"))

const inlineStyles = (route: Route) => {
  const html = fs.readFileSync(builtPage(route), "utf8")
  return [...html.matchAll(/<style data-href="[^"]+" data-identity="gatsby-global-css">([\s\S]*?)<\/style>/g)].map((match) => match[1]!).join("")
}

afterAll(() => {
  if (original === undefined) return
  guard.restore()
  gatsbyBuild()
})

it("inlines stylesheets changed on their own (the app's, and a component's in every page's own) into every page after a warm build", () => {
  expect(original).toBeDefined()
  expect(originalComponent).toBeDefined()
  const routes = siteRoutes(ROOT)
  // a warm build of the unchanged project first, so that the next one differs by the stylesheet alone
  gatsbyBuild()
  for (const route of routes) expect(inlineStyles(route)).not.toContain(PROBE)
  guard.save(STYLESHEET, COMPONENT_SHEET)
  fs.writeFileSync(STYLESHEET, `${original}\n${PROBE}\n`)
  fs.writeFileSync(COMPONENT_SHEET, `${originalComponent}\n${COMPONENT_PROBE}\n`)
  const { seconds, output } = gatsbyBuild()
  console.log(`warm build after a stylesheet change: ${seconds.toFixed(1)} s`)
  // the case this guards: Gatsby keeps every page's HTML, with the old stylesheet inline
  expect(output).toMatch(/There are no new or changed html files to build/)
  const missing = routes.filter((route) => !inlineStyles(route).includes(PROBE)).map((route) => route.path)
  expect(missing).toEqual([])
  const missingComponent = routes.filter((route) => !inlineStyles(route).includes(COMPONENT_PROBE)).map((route) => route.path)
  expect(missingComponent).toEqual([])
})
