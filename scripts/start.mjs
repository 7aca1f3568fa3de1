// Plain JavaScript run by node itself: a production machine runs it without tsx (docs/serving.md).
// `npm start`: builds the site when the build is missing, its routes file
// unreadable, its compiled server missing, or older than any source (src,
// content, static, gatsby-*.ts, package-lock.json), then runs the production
// server (src/server/main.ts, as the build compiled it) in the foreground.
// With --no-build (`npm run serve`) it serves the last build as it is, and
// says so plainly when there is none. buildIfNeeded is exported for the audit (scripts/audit/main.ts), buildState
// for the tests.
//
// Stopping: SIGINT, SIGTERM and SIGHUP go to the build or the server once
// (a signal to the whole process group reaches it directly as well; the
// server finishes what is in flight, for at most SERVER_SHUTDOWN_TIMEOUT_MS);
// if it has not ended 5 s after that limit, it is killed. npm passes a
// signal sent to it alone to its child: package.json's start script `exec`s
// this file, because a `sh -c` left between (Debian's dash) would hold a
// SIGINT until this script ended and die of a SIGTERM without passing it on.
// Should npm go away all the same, this script stops the server the same way.
// The server has an IPC channel to this script and stops the same way when
// the channel closes, so it never outlives this script, even a SIGKILL.
import { spawn, spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
// written at the end of every build by the production-server adapter (src/build-time/server-adapter.ts)
const ROUTES = path.join(".cache", "production-server-routes.json")
const SERVER = path.join(".cache", "production-server.cjs")
const sources = ["src", "content", "static", "gatsby-config.ts", "gatsby-node.ts", "gatsby-ssr.tsx", "gatsby-browser.ts", "package-lock.json"]

function newest(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  return fs.readdirSync(entry).reduce((latest, name) => Math.max(latest, newest(path.join(entry, name))), stat.mtimeMs)
}

/** Why the routes file cannot be used, or undefined when it can (the server refuses it on the same grounds, src/server/route-headers.ts) */
function routesProblem(file) {
  let text
  try {
    text = fs.readFileSync(file, "utf8")
  } catch (error) {
    return error.code === "ENOENT" ? "missing" : `unreadable (${error.code ?? error.message})`
  }
  try {
    const routes = JSON.parse(text)
    if (!Array.isArray(routes?.files) || !Array.isArray(routes?.headerRoutes) || !Array.isArray(routes?.rules))
      return "not the adapter's (no files, headerRoutes and rules lists)"
  } catch (error) {
    return `corrupt: it does not parse (${error.message.replace(/\s+/g, " ")})`
  }
  return undefined
}

/** Why the build in root cannot be served at all (none, no usable routes file, no compiled server), or undefined when it can */
function unservable(root) {
  if (!fs.existsSync(path.join(root, "public", "index.html"))) return "No build yet"
  const problem = routesProblem(path.join(root, ROUTES))
  if (problem) return `The build's ${ROUTES} is ${problem}`
  if (!fs.existsSync(path.join(root, SERVER))) return `The build's ${SERVER} is missing`
  return undefined
}

/**
 * Whether the site in root needs a build, and why: no public/index.html, a
 * routes file that is missing or does not parse, no compiled server, or a
 * source newer than public/index.html.
 */
export function buildState(root = projectRoot) {
  const unusable = unservable(root)
  if (unusable) return { needed: true, reason: unusable }
  const builtAt = fs.statSync(path.join(root, "public", "index.html")).mtimeMs
  const changed = sources.filter((source) => newest(path.join(root, source)) > builtAt)
  if (changed.length > 0) return { needed: true, reason: `Changed since the last build (${changed.join(", ")})` }
  return { needed: false, reason: "The build is up to date" }
}

const gatsbyBuild = [path.join(projectRoot, "node_modules", "gatsby", "cli.js"), "build"]
const explain = (state) => console.log(state.needed ? `${state.reason}: building the site.` : `${state.reason}.`)

/**
 * Runs `gatsby build` when buildState() says so; returns the build's exit
 * status (0 when no build was needed). spawnOptions go to spawnSync (e.g. a timeout).
 */
export function buildIfNeeded(spawnOptions = {}) {
  const state = buildState()
  explain(state)
  if (!state.needed) return 0
  const build = spawnSync(process.execPath, gatsbyBuild, { cwd: projectRoot, stdio: "inherit", ...spawnOptions })
  return build.status ?? 1
}

// ------------------------------------------------------------------ npm start

/** The server's own limit (src/server/server-config.ts); a value it refuses stops it at start anyway */
function shutdownLimitMs() {
  const value = Number(process.env.SERVER_SHUTDOWN_TIMEOUT_MS || 10_000)
  return Number.isFinite(value) && value >= 0 ? value : 10_000
}

/**
 * Runs this file's job: the build when needed, then the server, each as one
 * child process (node itself, no npx or tsx wrapper that would have to pass
 * signals on). Resolves with the status to exit with: the child's own (the
 * server's 0 after a graceful stop, even one a signal asked for: npm, systemd
 * and docker take 0 as a clean stop, and the sender knows its signal; a
 * failed build's code), or 128 + the signal's number when the child was
 * killed (137 after the SIGKILL here).
 */
async function main() {
  const killAfterMs = shutdownLimitMs() + 5_000
  let child
  let what = "server"
  let stopping

  const stop = (signal, why = signal) => {
    if (stopping) return
    stopping = signal
    if (why !== signal) console.log(`${why}: stopping.`)
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    child.kill(signal)
    setTimeout(() => {
      console.error(`${why}: the ${what} has not stopped ${killAfterMs / 1000} s later; killing it.`)
      child.kill("SIGKILL")
    }, killAfterMs).unref()
  }
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => stop(signal))

  // Under npm, a SIGTERM to npm alone ends npm and its `sh -c` but never reaches
  // this process: its parent changing is the only sign. (Not without npm: a
  // `nohup node scripts/start.mjs &` outlives its shell on purpose.)
  if (process.env.npm_lifecycle_event) {
    const parent = process.ppid
    setInterval(() => process.ppid !== parent && stop("SIGTERM", "npm has ended"), 250).unref()
  }

  const run = (args, stdio) =>
    new Promise((resolve) => {
      child = spawn(process.execPath, args, { cwd: projectRoot, stdio })
      child.once("error", (error) => {
        console.error(`Could not run node ${args.join(" ")}: ${error.message}`)
        resolve(1)
      })
      child.once("exit", (code, signal) => resolve(signal ? 128 + (os.constants.signals[signal] ?? 0) : (code ?? 1)))
    })

  if (process.argv.includes("--no-build")) {
    // `npm run serve`: the last build as it is, never a build; no build at all is said plainly
    const unusable = unservable(projectRoot)
    if (unusable) {
      console.error(`${unusable}: run \`npm run build\` first, or \`npm start\`, which builds when needed.`)
      return 1
    }
    return run([SERVER], ["inherit", "inherit", "inherit", "ipc"])
  }
  const state = buildState()
  explain(state)
  if (state.needed) {
    what = "build"
    const status = await run(gatsbyBuild, "inherit")
    if (status !== 0 || stopping) return status
  }
  // the IPC channel: the server stops when it closes (this process gone)
  what = "server"
  return run([SERVER], ["inherit", "inherit", "inherit", "ipc"])
}

/** Whether node runs this file (not an import of it), also through a link */
function invoked() {
  try {
    return Boolean(process.argv[1]) && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)
  } catch {
    return false
  }
}
// no top-level await: the audit imports this file from CommonJS (require of an ES module)
if (invoked()) void main().then((status) => process.exit(status))
