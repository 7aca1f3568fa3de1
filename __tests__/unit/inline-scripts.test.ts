import { GLOBALS_ID, GLOBALS_LOADER, rewriteInlineScripts, scriptHash } from "../../src/security/inline-scripts"

const gatsbyPage = (hash: string) =>
  `<html><body><div id="___gatsby">we’ll</div><script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/product";/*]]>*/</script>` +
  `<!-- slice-start id="_gatsby-scripts-1" --><script id="gatsby-chunk-mapping">/*<![CDATA[*/window.___chunkMapping="{\\"app\\":[\\"/app.js\\"]}";/*]]>*/</script>` +
  `<script>window.___webpackCompilationHash="${hash}";</script><script src="/app.js" async></script><!-- slice-end id="_gatsby-scripts-1" --></body></html>`

const blocks = (html: string) => [...html.matchAll(new RegExp(`<script type="application/json" id="${GLOBALS_ID}">([^<]*)</script>`, "g"))].map((match) => JSON.parse(match[1]!) as Record<string, unknown>)

describe("moving Gatsby's inline globals out of inline scripts", () => {
  it("leaves one data block, one constant loader and no other inline script", () => {
    const { html, hashes } = rewriteInlineScripts(gatsbyPage("aaa"))
    expect(blocks(html)).toEqual([{ pagePath: "/product", ___chunkMapping: '{"app":["/app.js"]}', ___webpackCompilationHash: "aaa" }])
    expect(hashes).toEqual([scriptHash(GLOBALS_LOADER)])
    expect(html).toContain('<script src="/app.js" async></script>')
    expect(html).toContain("<!-- slice-start")
  })

  it("keeps one block with the fresh values when a warm build stitches Gatsby's scripts into a rewritten page again", () => {
    const first = rewriteInlineScripts(gatsbyPage("aaa")).html
    // Gatsby replaces what is between the slice markers with its own scripts again
    const restitched = first.replace(/<!-- slice-start[\s\S]*<!-- slice-end id="_gatsby-scripts-1" -->/, gatsbyPage("bbb").match(/<!-- slice-start[\s\S]*<!-- slice-end id="_gatsby-scripts-1" -->/)![0])
    const { html } = rewriteInlineScripts(restitched)
    expect(blocks(html)).toEqual([{ pagePath: "/product", ___chunkMapping: '{"app":["/app.js"]}', ___webpackCompilationHash: "bbb" }])
    expect(html.split(GLOBALS_LOADER)).toHaveLength(2)
    expect(rewriteInlineScripts(html).html).toBe(html)
  })

  it("drops the NUL characters React's streaming renderer can leave", () => {
    expect(rewriteInlineScripts(gatsbyPage("aaa").replace("we’ll", "we\u0000’ll")).html).toContain("we’ll")
  })
})
