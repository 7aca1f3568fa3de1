/** The largest SVG drawn from a data: URL instead of its own request (a logo, not an illustration). */
export const SVG_DATA_URL_MAX_BYTES = 4096

/**
 * An SVG file's markup as a `data:image/svg+xml,` URL, percent-encoding only
 * what a URL cannot hold, so it stays readable and compresses with the page.
 * Undefined for anything larger than SVG_DATA_URL_MAX_BYTES.
 */
export function svgDataUrl(svg: string): string | undefined {
  if (Buffer.byteLength(svg, "utf8") > SVG_DATA_URL_MAX_BYTES) return undefined
  const compact = svg
    .replace(/<\?xml[^>]*\?>/, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/>\s+</g, "><")
    .replace(/\s+/g, " ")
    .trim()
  // eslint-disable-next-line no-control-regex -- control characters must be percent-encoded in a URL
  return `data:image/svg+xml,${compact.replace(/[ %#<>"{}|\\^`[\]\u0000-\u001f\u007f-\u{10ffff}]/gu, (character) => encodeURIComponent(character))}`
}
