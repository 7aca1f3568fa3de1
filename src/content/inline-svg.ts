import { SaxesParser } from "saxes"

/**
 * A small SVG file (a logo) as a tree the page draws inline, as part of its
 * own DOM. An `<img>` of an SVG, even from a data: URL, makes Chromium build
 * a whole SVG document of its own inside the task that parses the page; drawn
 * inline, the same shapes are a few more elements of the page.
 *
 * Only shapes and their paint are kept: anything that could run, fetch or
 * name something outside the file (scripts, styles, links, images, foreign
 * content, ids, event attributes) makes the file unfit, and the page draws it
 * with an `<img>` from its URL (gatsby-node's File.inlineSvg warns).
 */
export interface SvgNode {
  /** an element of SVG_ELEMENTS */
  name: string
  /** its attributes, each of SVG_ATTRIBUTES, with their values as written */
  attributes: Record<string, string>
  children: SvgNode[]
}

/** The largest file drawn inline (a logo, not an illustration). */
export const INLINE_SVG_MAX_BYTES = 4096

const SVG_NAMESPACE = "http://www.w3.org/2000/svg"

/** Elements kept: shapes and groups. title and desc are dropped (the link around the logo names it). */
const SVG_ELEMENTS = new Set(["svg", "g", "path", "circle", "ellipse", "rect", "line", "polyline", "polygon"])
const DROPPED_ELEMENTS = new Set(["title", "desc", "metadata"])

/** Attributes kept: geometry and paint. Colours and numbers only: a value holding url( refers to something else. */
const SVG_ATTRIBUTES = new Set([
  "viewBox",
  "d",
  "cx",
  "cy",
  "r",
  "rx",
  "ry",
  "x",
  "y",
  "x1",
  "y1",
  "x2",
  "y2",
  "width",
  "height",
  "points",
  "transform",
  "fill",
  "fill-rule",
  "fill-opacity",
  "stroke",
  "stroke-width",
  "stroke-linecap",
  "stroke-linejoin",
  "stroke-miterlimit",
  "stroke-dasharray",
  "stroke-dashoffset",
  "stroke-opacity",
  "opacity",
  "clip-rule",
])
/** Attributes of the root that only describe the file; the page sets its own size and accessible name. */
const DROPPED_ATTRIBUTES = new Set(["xmlns", "version", "width", "height", "role", "aria-label", "aria-hidden", "focusable"])

/** Why markup cannot be drawn inline; the page then falls back to an `<img>`. */
export class UnfitSvgError extends Error {}

/**
 * The drawing in svg markup as a tree of allowed elements and attributes, or
 * an UnfitSvgError naming the first thing that is not allowed (or the parse
 * error of markup that is not well-formed XML).
 */
export function parseInlineSvg(svg: string): SvgNode {
  if (Buffer.byteLength(svg, "utf8") > INLINE_SVG_MAX_BYTES) throw new UnfitSvgError(`larger than ${INLINE_SVG_MAX_BYTES} bytes`)
  const parser = new SaxesParser({ xmlns: true })
  const stack: SvgNode[] = []
  let root: SvgNode | undefined
  let skipping = 0
  let problem: string | undefined

  parser.on("opentag", (tag) => {
    if (problem) return
    if (skipping > 0 || DROPPED_ELEMENTS.has(tag.local)) {
      skipping += 1
      return
    }
    if (tag.uri !== SVG_NAMESPACE) problem = `<${tag.name}> is not in the SVG namespace`
    else if (!SVG_ELEMENTS.has(tag.local)) problem = `<${tag.local}> is not a shape`
    else if (stack.length === 0 && tag.local !== "svg") problem = "the root element is not <svg>"
    else if (stack.length > 0 && tag.local === "svg") problem = "a nested <svg>"
    if (problem) return
    const attributes: Record<string, string> = {}
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.prefix === "xmlns" || (stack.length === 0 && DROPPED_ATTRIBUTES.has(attribute.name))) continue
      if (attribute.uri || !SVG_ATTRIBUTES.has(attribute.local)) {
        problem = `the attribute ${attribute.name} on <${tag.local}>`
        return
      }
      if (/url\s*\(/i.test(attribute.value)) {
        problem = `the reference in ${attribute.name}="${attribute.value}"`
        return
      }
      attributes[attribute.local] = attribute.value
    }
    const node: SvgNode = { name: tag.local, attributes, children: [] }
    if (stack.length > 0) stack[stack.length - 1]!.children.push(node)
    else root = node
    stack.push(node)
  })
  parser.on("closetag", () => {
    if (problem) return
    if (skipping > 0) skipping -= 1
    else stack.pop()
  })
  parser.on("text", (text) => {
    if (!problem && skipping === 0 && text.trim()) problem = "text outside <title> or <desc>"
  })
  parser.on("cdata", () => {
    problem ??= "a CDATA section"
  })
  parser.on("doctype", () => {
    problem ??= "a DOCTYPE (entities)"
  })
  parser.on("processinginstruction", (instruction) => {
    if (instruction.target !== "xml") problem ??= `the processing instruction <?${instruction.target}?>`
  })

  try {
    parser.write(svg).close()
  } catch (error) {
    throw new UnfitSvgError(`not well-formed XML: ${(error as Error).message.split("\n")[0]}`)
  }
  if (problem) throw new UnfitSvgError(problem)
  if (!root) throw new UnfitSvgError("no <svg> element")
  if (!root.attributes.viewBox) throw new UnfitSvgError("no viewBox on <svg> (it could not be drawn at the page's size)")
  return root
}
