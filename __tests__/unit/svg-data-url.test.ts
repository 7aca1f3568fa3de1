import { SVG_DATA_URL_MAX_BYTES, svgDataUrl } from "../../src/content/svg-data-url"

describe("svgDataUrl", () => {
  const svg = `<?xml version="1.0" encoding="UTF-8"?>
<!-- drawn for the header -->
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">
  <title>Leaf & spark</title>
  <path fill="#1f4d36" d="M4 20h32"/>
</svg>
`

  it("keeps the markup, drops the prolog and comments, and encodes what a URL cannot hold", () => {
    const url = svgDataUrl(svg)!
    expect(url.startsWith("data:image/svg+xml,%3Csvg%20xmlns=%22http://www.w3.org/2000/svg%22")).toBe(true)
    expect(url).not.toMatch(/[<>"#\s]/)
    expect(url).not.toContain("drawn for the header")
    // it decodes to the same drawing
    expect(decodeURIComponent(url.slice("data:image/svg+xml,".length))).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><title>Leaf & spark</title><path fill="#1f4d36" d="M4 20h32"/></svg>',
    )
  })

  it("encodes spaces and characters outside ASCII", () => {
    expect(svgDataUrl("<svg><text>CO₂ – °C 🌱</text></svg>")).toBe("data:image/svg+xml,%3Csvg%3E%3Ctext%3ECO%E2%82%82%20%E2%80%93%20%C2%B0C%20%F0%9F%8C%B1%3C/text%3E%3C/svg%3E")
  })

  it("leaves large files to a request of their own", () => {
    const large = `<svg>${"<g/>".repeat(SVG_DATA_URL_MAX_BYTES / 4)}</svg>`
    expect(svgDataUrl(large)).toBeUndefined()
  })
})
