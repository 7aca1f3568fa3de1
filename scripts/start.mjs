// `npm start`: builds the site when the build is missing or older than any
// source (src, content, static, gatsby-*.ts, package-lock.json), then runs
// the production server (src/server/main.ts) in the foreground.
// buildIfNeeded is exported for the audit (scripts/audit/main.ts).
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..")
const built = path.join(root, "public", "index.html")
// written at the end of every build by the production-server adapter (src/server/adapter.ts)
const routes = path.join(root, ".cache", "production-server-routes.json")

function newest(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  return fs.readdirSync(entry).reduce((latest, name) => Math.max(latest, newest(path.join(entry, name))), stat.mtimeMs)
}

const sources = ["src", "content", "static", "gatsby-config.ts", "gatsby-node.ts", "gatsby-ssr.tsx", "gatsby-browser.ts", "package-lock.json"]

/**
 * Runs `npx gatsby build` when public/index.html is missing or older than any
 * source; returns the build's exit status (0 when no build was needed).
 * spawnOptions go to spawnSync (e.g. a timeout).
 */
export function buildIfNeeded(spawnOptions = {}) {
  const builtAt = fs.existsSync(routes) ? (fs.statSync(built, { throwIfNoEntry: false })?.mtimeMs ?? 0) : 0
  const changed = sources.filter((source) => newest(path.join(root, source)) > builtAt)

  if (builtAt === 0 || changed.length > 0) {
    console.log(builtAt === 0 ? "No build yet: building the site." : `Changed since the last build (${changed.join(", ")}): building the site.`)
    const build = spawnSync("npx", ["gatsby", "build"], { cwd: root, stdio: "inherit", ...spawnOptions })
    return build.status ?? 1
  }
  console.log("The build is up to date.")
  return 0
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const status = buildIfNeeded()
  if (status !== 0) process.exit(status)

  const server = spawnSync("npx", ["tsx", "src/server/main.ts"], { cwd: root, stdio: "inherit" })
  process.exit(server.status ?? 0)
}
