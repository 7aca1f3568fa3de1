/**
 * Every section of the home page is a Suspense boundary of its own. React then
 * hydrates and commits the sections one task at a time instead of the whole
 * page in one: react-slick measured the page as the hero mounted, and inside a
 * single commit that work made one of the longest tasks of the load (measured
 * with Lighthouse at its 4x CPU slowdown, 5 runs interleaved: median TBT of /
 * 79 ms without boundaries, 12 ms with one around the hero). React marks a
 * boundary in the server HTML with <!--$--> … <!--/$-->.
 */
import fs from "fs"
import path from "path"
import { ROOT } from "../support/serve"

const html = fs.readFileSync(path.join(ROOT, "public", "index.html"), "utf8")
const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"))
const boundaries = [...main.matchAll(/<!--\$-->([\s\S]*?)<!--\/\$-->/g)].map((match) => match[1] ?? "")

it("wrap each section of the home page's main content, one section each, the hero first", () => {
  const sections = main.match(/<section class="[^"]*"/g) ?? []
  const topLevel = boundaries.map((boundary) => /^<section class="[^"]*"/.exec(boundary)?.[0])
  expect(boundaries.length).toBeGreaterThanOrEqual(8)
  expect(topLevel[0]).toBe('<section class="hero"')
  // every boundary is exactly one section, and every section of the page is in one
  for (const boundary of boundaries) {
    expect(boundary).toMatch(/^<section\b[\s\S]*<\/section>$/)
    expect(boundary.match(/<section\b/g)).toHaveLength(1)
  }
  expect(topLevel).toEqual(sections)
})

it("leave nothing of the page's main content outside them", () => {
  const outside = main.replace(/<!--\$-->[\s\S]*?<!--\/\$-->/g, "").replace(/^<main[^>]*>/, "")
  expect(outside.trim()).toBe("")
})
