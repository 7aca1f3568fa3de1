// Plain JavaScript run by node itself: a production machine runs it without tsx (docs/serving.md).
// `npm start`: builds the site when there is no whole build (no stamp of a
// finished build, or a routes file or compiled server that is damaged or not
// the one the stamp records) or a source (src, content, static, gatsby-*.ts,
// package-lock.json) changed since that build began, then runs the
// production server (src/server/main.ts, as the build compiled it) in the
// foreground. Should that build fail while a whole build was there, it serves
// that one, with a warning, rather than nothing: a copy set aside before the
// build, which rewrites public/ in place (setAside). With --no-build
// (`npm run serve`) it serves the last build as it is, and refuses one that
// is not whole, saying to build again. What makes a build whole is one rule,
// src/server/build-record.js, which the server reads the routes file by too.
// buildIfNeeded is exported for the audit (scripts/audit/main.ts), buildState
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
// CommonJS, so that node reads it without a compiler (its comment says why)
import buildRecord from "../src/server/build-record.js"

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const { changedSources, checkBuild, ROUTES_FILE, SERVER_FILE, STAMP_FILE } = buildRecord
// Where the last whole build waits while a new one is made: outside public/ and .cache/, which Gatsby
// empties when its configuration changes, and under node_modules, where its server finds its packages
const SPARE = path.join("node_modules", ".cache", "last-whole-build")

/**
 * Whether the site in root needs a build, and why: no whole build (see
 * checkBuild), or a source changed since the last whole build began
 * (changedSources, which leaves out what the build itself writes).
 */
export function buildState(root = projectRoot) {
  const { stamp, problem } = checkBuild(root)
  if (problem) return { needed: true, reason: problem }
  const changed = changedSources(root, stamp)
  if (changed.length > 0) return { needed: true, reason: `Changed since the last build (${changed.join(", ")})` }
  return { needed: false, reason: "The build is up to date" }
}

/**
 * Copies the whole build of root (public/, the routes file, the server, the
 * stamp: 23 MB, a fraction of a second) to SPARE; returns that folder, or
 * undefined, with a warning, when it cannot (a full disk).
 */
function setAside(root) {
  const spare = path.join(root, SPARE)
  try {
    fs.rmSync(spare, { recursive: true, force: true })
    for (const entry of ["public", ROUTES_FILE, SERVER_FILE, STAMP_FILE]) fs.cpSync(path.join(root, entry), path.join(spare, entry), { recursive: true })
    return spare
  } catch (error) {
    fs.rmSync(spare, { recursive: true, force: true })
    console.error(`Could not set the last build aside (${error.message}): should this build fail, nothing will be served.`)
    return undefined
  }
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

  const run = (args, stdio, env = process.env) =>
    new Promise((resolve) => {
      child = spawn(process.execPath, args, { cwd: projectRoot, stdio, env })
      child.once("error", (error) => {
        console.error(`Could not run node ${args.join(" ")}: ${error.message}`)
        resolve(1)
      })
      child.once("exit", (code, signal) => resolve(signal ? 128 + (os.constants.signals[signal] ?? 0) : (code ?? 1)))
    })

  if (process.argv.includes("--no-build")) {
    // `npm run serve`: the last build as it is, never a build; none or one not whole is said plainly
    const { problem } = checkBuild(projectRoot)
    if (problem) {
      const todo = problem === "No build yet" ? "run `npm run build` first" : "build again with `npm run build`"
      console.error(`${problem}: ${todo}, or \`npm start\`, which builds when needed.`)
      return 1
    }
    return run([SERVER_FILE], ["inherit", "inherit", "inherit", "ipc"])
  }
  const state = buildState()
  explain(state)
  if (state.needed) {
    const spare = checkBuild(projectRoot).stamp && setAside(projectRoot)
    what = "build"
    const status = await run(gatsbyBuild, "inherit")
    if (stopping) return status
    if (status !== 0) {
      const { stamp } = spare ? checkBuild(spare) : {}
      if (!stamp) return status
      console.error(
        `WARNING: the build failed (exit ${status}); serving the last whole build instead, finished ${stamp.finishedAt}, which has none of the changes since. Fix the build, then restart.`,
      )
      what = "server"
      // the same working folder (FORMS_DATA_DIR's default is relative to it); the spare's files
      const env = { ...process.env, PUBLIC_DIR: path.join(spare, "public") }
      return run([path.join(spare, SERVER_FILE)], ["inherit", "inherit", "inherit", "ipc"], env)
    }
    if (spare) fs.rmSync(spare, { recursive: true, force: true })
  }
  // the IPC channel: the server stops when it closes (this process gone)
  what = "server"
  return run([SERVER_FILE], ["inherit", "inherit", "inherit", "ipc"])
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
