// Plain CommonJS with no build step: scripts/start.mjs (run by node alone,
// also on a Node 22 that strips no types) and the server (TypeScript the build
// compiles, src/server/route-headers.ts) both require it, so `npm start`,
// `npm run serve` and the server judge a build by the same rule. Its types:
// build-record.d.ts.
//
// What the production-server adapter (src/build-time/server-adapter.ts)
// writes at the end of a build, each through a temporary file and a rename
// (a full disk or a kill mid-write leaves the last whole file, never a short
// one): the routes file, the compiled server, and last the stamp, which
// records when the build began, a sha256 of the other two, and which source
// files there were. A build is whole when the stamp is there and both files
// still have its hashes; it is up to date while no source file is newer than
// its start and none was added, removed or renamed.
const { createHash } = require("node:crypto")
const fs = require("node:fs")
const path = require("node:path")

/** Relative to the site's folder (the one holding public/) */
const ROUTES_FILE = ".cache/production-server-routes.json"
const SERVER_FILE = ".cache/production-server.cjs"
const STAMP_FILE = ".cache/production-server-build.json"

/** What `npm start` counts as the site's sources, relative to the site's folder */
const SOURCES = ["src", "content", "static", "gatsby-config.ts", "gatsby-node.ts", "gatsby-ssr.tsx", "gatsby-browser.ts", "package-lock.json"]
// What the build itself writes among them, so never a change: Gatsby's GraphQL typegen, every build. It
// stays in src/, where tsc, ESLint, Prettier, git and `npm run typecheck` look for it in every checkout
const GENERATED = new Set(["src/gatsby-types.d.ts"])

const sha256 = (data) => createHash("sha256").update(data).digest("hex")

/**
 * Each source of root as { newestMs, files }: the time of its newest file and
 * a sha256 of its files' names, which tells an added, removed or renamed file
 * (a folder's own time would, but a build that creates the generated file
 * changes it too). A source that does not exist is { newestMs: 0, files: "" }.
 */
function sourceState(root) {
  const state = {}
  for (const source of SOURCES) {
    let newestMs = 0
    const names = []
    const walk = (entry) => {
      if (GENERATED.has(entry)) return
      const stat = fs.statSync(path.join(root, entry), { throwIfNoEntry: false })
      if (!stat) return
      if (stat.isDirectory()) {
        for (const name of fs.readdirSync(path.join(root, entry)).sort()) walk(`${entry}/${name}`)
        return
      }
      newestMs = Math.max(newestMs, stat.mtimeMs)
      names.push(entry)
    }
    walk(source)
    state[source] = { newestMs, files: names.length === 0 ? "" : sha256(names.join("\n")) }
  }
  return state
}

/** The sources of root that changed since the build of stamp began (an empty list when none did) */
function changedSources(root, stamp) {
  return Object.entries(sourceState(root))
    .filter(([source, { newestMs, files }]) => newestMs > stamp.startedAtMs || files !== stamp.sources[source])
    .map(([source]) => source)
}

/** Writes data to file whole or not at all: a temporary file beside it, flushed, then renamed over it */
function writeWhole(file, data) {
  const temporary = `${file}.${process.pid}.tmp`
  try {
    const fd = fs.openSync(temporary, "w")
    try {
      fs.writeFileSync(fd, data)
      fs.fsyncSync(fd)
    } finally {
      fs.closeSync(fd)
    }
    fs.renameSync(temporary, file)
  } finally {
    fs.rmSync(temporary, { force: true })
  }
}

/** Writes the stamp of the build in root, last: the routes file and the server must be in place */
function writeStamp(root, startedAtMs) {
  const stamp = {
    startedAt: new Date(startedAtMs).toISOString(),
    finishedAt: new Date().toISOString(),
    routes: sha256(fs.readFileSync(path.join(root, ROUTES_FILE))),
    server: sha256(fs.readFileSync(path.join(root, SERVER_FILE))),
    // the source files the build saw (at its end: the adapter runs last)
    sources: Object.fromEntries(Object.entries(sourceState(root)).map(([source, { files }]) => [source, files])),
  }
  writeWhole(path.join(root, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`)
}

// A header Node sends as it is: a name of token characters, a value without line breaks or other control characters
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const HEADER_VALUE = /^[^\x00-\x08\x0a-\x1f\x7f]*$/

function headersProblem(headers, where) {
  if (!Array.isArray(headers)) return `${where}.headers is not a list`
  for (const [index, header] of headers.entries()) {
    if (typeof header?.key !== "string" || !HEADER_NAME.test(header.key)) return `${where}.headers[${index}] has no valid header name`
    if (typeof header.value !== "string" || !HEADER_VALUE.test(header.value)) return `${where}.headers[${index}] (${header.key}) has no valid value`
  }
  return undefined
}

/**
 * Why parsed routes are not a whole routes file of the adapter, or undefined
 * when they are: the three lists, and every entry of each (a path or a
 * source, and headers as a list of name and value strings).
 */
function routesShapeProblem(routes) {
  if (!Array.isArray(routes?.files) || !Array.isArray(routes?.headerRoutes) || !Array.isArray(routes?.rules))
    return "not the adapter's (no files, headerRoutes and rules lists)"
  for (const [list, key] of [
    ["files", "path"],
    ["headerRoutes", "path"],
    ["rules", "source"],
  ]) {
    for (const [index, entry] of routes[list].entries()) {
      const where = `${list}[${index}]`
      if (typeof entry?.[key] !== "string" || !entry[key].startsWith("/")) return `damaged: ${where} has no ${key} starting with /`
      const problem = headersProblem(entry.headers, where)
      if (problem) return `damaged: ${problem}`
    }
  }
  return undefined
}

/** A file's bytes as { data }, else { problem }: why they cannot be read, in words that follow its name */
function readBytes(file) {
  try {
    return { data: fs.readFileSync(file) }
  } catch (error) {
    return { problem: error.code === "ENOENT" ? "missing" : `unreadable (${error.code ?? error.message})` }
  }
}

/** A routes file's bytes as { routes } when they are a whole routes file, else { problem } */
function routesFrom(data) {
  let routes
  try {
    routes = JSON.parse(data.toString("utf8"))
  } catch (error) {
    return { problem: `corrupt: it does not parse (${error.message.replace(/\s+/g, " ")})` }
  }
  const problem = routesShapeProblem(routes)
  return problem ? { problem } : { routes }
}

/** The routes file as { routes } when it is whole, else { problem }: why not, in words that follow its name */
function readRoutes(file) {
  const { data, problem } = readBytes(file)
  return problem ? { problem } : routesFrom(data)
}

/** The stamp of the build in root as { stamp } when it reads, else { problem } */
function readStamp(root) {
  let stamp
  try {
    stamp = JSON.parse(fs.readFileSync(path.join(root, STAMP_FILE), "utf8"))
  } catch (error) {
    return { problem: `The build's ${STAMP_FILE} is ${error.code === "ENOENT" ? "missing (the build did not finish)" : "unreadable or corrupt"}` }
  }
  const startedAtMs = Date.parse(stamp?.startedAt)
  if (
    !Number.isFinite(startedAtMs) ||
    typeof stamp.routes !== "string" ||
    typeof stamp.server !== "string" ||
    typeof stamp.sources !== "object" ||
    !stamp.sources
  )
    return { problem: `The build's ${STAMP_FILE} is not the adapter's` }
  return { stamp: { ...stamp, startedAtMs } }
}

/**
 * The build in root as { stamp, routes } (the stamp with its startedAtMs,
 * the routes file read) when it is whole, else { problem }: why it cannot be
 * served (no pages in publicDir, a routes file or compiled server missing,
 * damaged, or not the ones the stamp records). Each file is read once: the
 * routes file's bytes are both parsed and hashed (1.6 MB here).
 */
function checkBuild(root, publicDir = path.join(root, "public")) {
  if (!fs.existsSync(path.join(publicDir, "index.html"))) return { problem: "No build yet" }
  const routesFile = readBytes(path.join(root, ROUTES_FILE))
  const { routes, problem: routesProblem } = routesFile.problem ? routesFile : routesFrom(routesFile.data)
  if (routesProblem) return { problem: `The build's ${ROUTES_FILE} is ${routesProblem}` }
  const { stamp, problem } = readStamp(root)
  if (problem) return { problem }
  const serverFile = readBytes(path.join(root, SERVER_FILE))
  if (serverFile.problem) return { problem: `The build's ${SERVER_FILE} is ${serverFile.problem}` }
  for (const [file, data, hash] of [
    [ROUTES_FILE, routesFile.data, stamp.routes],
    [SERVER_FILE, serverFile.data, stamp.server],
  ]) {
    if (sha256(data) !== hash)
      return { problem: `The build's ${file} is not the one the build wrote (${data.length} bytes, another sha256 than ${STAMP_FILE} records)` }
  }
  return { stamp, routes }
}

module.exports = { ROUTES_FILE, SERVER_FILE, STAMP_FILE, writeWhole, writeStamp, readRoutes, checkBuild, changedSources }
