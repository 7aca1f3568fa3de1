/**
 * @jest-environment node
 */
import * as fs from "fs"
import * as path from "path"
import * as React from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { InlineSvg } from "../../src/components/primitives/InlineSvg"
import { INLINE_SVG_MAX_BYTES, parseInlineSvg, UnfitSvgError } from "../../src/content/inline-svg"

const LOGO = `<?xml version="1.0" encoding="UTF-8"?>
<!-- drawn for the header -->
<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="Leaf">
  <title>Leaf &amp; spark</title>
  <g transform="translate(2 2)">
    <path d="M4 20h32" fill="#1f4d36" fill-rule="evenodd"/>
    <circle cx="8" cy="8" r="4" stroke="#f2a516" stroke-width="2.5"/>
  </g>
</svg>
`

function unfit(svg: string): string {
  try {
    parseInlineSvg(svg)
  } catch (error) {
    expect(error).toBeInstanceOf(UnfitSvgError)
    return (error as Error).message
  }
  throw new Error("expected the markup to be unfit")
}

describe("parseInlineSvg", () => {
  it("keeps shapes and paint, and drops the prolog, comments, title and the root's own size and name", () => {
    expect(parseInlineSvg(LOGO)).toEqual({
      name: "svg",
      attributes: { viewBox: "0 0 64 64" },
      children: [
        {
          name: "g",
          attributes: { transform: "translate(2 2)" },
          children: [
            { name: "path", attributes: { d: "M4 20h32", fill: "#1f4d36", "fill-rule": "evenodd" }, children: [] },
            { name: "circle", attributes: { cx: "8", cy: "8", r: "4", stroke: "#f2a516", "stroke-width": "2.5" }, children: [] },
          ],
        },
      ],
    })
  })

  it("takes the project's own logo", () => {
    const company = JSON.parse(fs.readFileSync(path.join(__dirname, "../../content/company/company.en.json"), "utf8")) as { logo: string }
    const tree = parseInlineSvg(fs.readFileSync(path.join(__dirname, "../../content/company", company.logo), "utf8"))
    expect(tree.attributes.viewBox).toBeTruthy()
    expect(tree.children.length).toBeGreaterThan(0)
  })

  it.each([
    ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><script>alert(1)</script></svg>', "<script> is not a shape"],
    ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><style>path{fill:red}</style></svg>', "<style> is not a shape"],
    ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><foreignObject/></svg>', "<foreignObject> is not a shape"],
    [
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 8 8"><use xlink:href="#a"/></svg>',
      "<use> is not a shape",
    ],
    ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8" onload="alert(1)"><path d="M0 0"/></svg>', "the attribute onload on <svg>"],
    ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><path id="a" d="M0 0"/></svg>', "the attribute id on <path>"],
    ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><path d="M0 0" fill="url(#g)"/></svg>', 'the reference in fill="url(#g)"'],
    ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><path d="M0 0" style="fill:red"/></svg>', "the attribute style on <path>"],
    ['<svg viewBox="0 0 8 8"><path d="M0 0"/></svg>', "<svg> is not in the SVG namespace"],
    ['<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>', "no viewBox on <svg>"],
    ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><text>CO₂</text></svg>', "<text> is not a shape"],
    ['<!DOCTYPE svg [<!ENTITY a "b">]><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"/>', "a DOCTYPE (entities)"],
    ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><path d="M0 0"></svg>', "not well-formed XML"],
  ])("refuses %s", (svg, reason) => {
    expect(unfit(svg)).toContain(reason)
  })

  it("leaves large files to a request of their own", () => {
    const large = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8">${'<path d="M0 0"/>'.repeat(INLINE_SVG_MAX_BYTES / 16)}</svg>`
    expect(unfit(large)).toContain(`larger than ${INLINE_SVG_MAX_BYTES} bytes`)
  })
})

describe("InlineSvg", () => {
  it("draws the tree as decorative SVG markup at the size asked for, with React's attribute names", () => {
    const markup = renderToStaticMarkup(<InlineSvg tree={parseInlineSvg(LOGO)} width={40} height={40} className="brand__logo" />)
    expect(markup).toBe(
      '<svg viewBox="0 0 64 64" width="40" height="40" class="brand__logo" aria-hidden="true" focusable="false">' +
        '<g transform="translate(2 2)"><path d="M4 20h32" fill="#1f4d36" fill-rule="evenodd"></path>' +
        '<circle cx="8" cy="8" r="4" stroke="#f2a516" stroke-width="2.5"></circle></g></svg>',
    )
  })
})
