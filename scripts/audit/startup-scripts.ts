// Which of a page's scripts it starts with, read from its HTML: what Gatsby
// wrote for the page to load, not when a request happened to start. The site's
// pages list them in a JSON block its loader adds once the page has loaded
// (src/build-time/postbuild/loader.ts, SCRIPTS_ID); the floor, a bare Gatsby
// page, writes them as <script src>. Any other script a load fetched (a chunk
// the page asks for when the visitor gets to it) is a part fetched later, with
// a budget of its own (floor-budgets.ts). No I/O here.

/** The JSON block of the site's pages that lists the scripts they start with (SCRIPTS_ID in src/build-time/postbuild/loader.ts) */
const SCRIPTS_BLOCK = /<script\b[^>]*\bid="gatsby-scripts"[^>]*>([^<]*)<\/script>/
const SCRIPT_SRC = /<script\b[^>]*\bsrc="([^"]+)"/g

/** The paths of the scripts the HTML starts the page with (resolved against pageUrl) */
export function startupScriptPaths(html: string, pageUrl: string): Set<string> {
  const listed = SCRIPTS_BLOCK.exec(html)?.[1]
  const fromBlock = listed === undefined ? [] : (JSON.parse(listed) as unknown)
  if (!Array.isArray(fromBlock) || fromBlock.some((entry) => typeof entry !== "string")) throw new Error(`${pageUrl}: the gatsby-scripts block is not a list of script paths`)
  const sources = [...(fromBlock as string[]), ...[...html.matchAll(SCRIPT_SRC)].map((match) => match[1] as string)]
  return new Set(sources.map((source) => new URL(source.replaceAll("&amp;", "&"), pageUrl).pathname))
}

/** A part's name: its file name without the content hash webpack adds (estimator-0123….js: "estimator") */
export function partName(url: string): string {
  const file = new URL(url).pathname.split("/").pop() ?? url
  return file.replace(/\.js$/, "").replace(/-[0-9a-f]{16,}$/, "")
}
