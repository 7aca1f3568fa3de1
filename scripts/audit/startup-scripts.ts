// Which of a page's scripts it starts with, read from what the build wrote,
// not from when a request happened to start: the scripts its HTML names (the
// site's pages list them in a JSON block their loader adds once the page has
// loaded, src/build-time/postbuild/loader.ts, SCRIPTS_ID; the floor, a bare
// Gatsby page, writes <script src>), and the chunk group of the page's
// component (its page-data.json's componentChunkName, in webpack.stats.json),
// which Gatsby's runtime fetches at once to render the page. Any other script
// a load fetched (a chunk the page imports when the visitor gets to it) is a
// part fetched later, with a budget of its own (floor-budgets.ts). No I/O here.

/** The JSON block of the site's pages that lists the scripts they start with (SCRIPTS_ID in src/build-time/postbuild/loader.ts) */
const SCRIPTS_BLOCK = /<script\b[^>]*\bid="gatsby-scripts"[^>]*>([^<]*)<\/script>/
const SCRIPT_SRC = /<script\b[^>]*\bsrc="([^"]+)"/g

/** The page-data.json Gatsby's runtime fetches for a page at pathname ("/" is "index") */
export const pageDataPath = (pathname: string): string => `/page-data/${pathname.replace(/^\/|\/$/g, "") || "index"}/page-data.json`

/** The scripts of a named chunk group in webpack's stats (public/webpack.stats.json), as paths from the site's root */
export function chunkGroupScripts(stats: unknown, name: string): string[] {
  const assets = (stats as { namedChunkGroups?: Record<string, { assets?: { name?: unknown }[] }> } | undefined)?.namedChunkGroups?.[name]?.assets
  if (!Array.isArray(assets)) throw new Error(`webpack.stats.json has no chunk group "${name}"`)
  return assets.flatMap(({ name: file }) => (typeof file === "string" && file.endsWith(".js") ? [`/${file}`] : []))
}

/** The paths of the scripts the page starts with: those its HTML names (resolved against pageUrl) and its component's chunk group (componentScripts) */
export function startupScriptPaths(html: string, pageUrl: string, componentScripts: string[] = []): Set<string> {
  const listed = SCRIPTS_BLOCK.exec(html)?.[1]
  const fromBlock = listed === undefined ? [] : (JSON.parse(listed) as unknown)
  if (!Array.isArray(fromBlock) || fromBlock.some((entry) => typeof entry !== "string")) throw new Error(`${pageUrl}: the gatsby-scripts block is not a list of script paths`)
  const sources = [...(fromBlock as string[]), ...[...html.matchAll(SCRIPT_SRC)].map((match) => match[1] as string), ...componentScripts]
  return new Set(sources.map((source) => new URL(source.replaceAll("&amp;", "&"), pageUrl).pathname))
}

/** A part's name: its file name without the content hash webpack adds (estimator-0123….js: "estimator") */
export function partName(url: string): string {
  const file = new URL(url).pathname.split("/").pop() ?? url
  return file.replace(/\.js$/, "").replace(/-[0-9a-f]{8,}$/, "")
}
