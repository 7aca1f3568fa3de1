/**
 * The Netlify CLI for the Netlify test, fetched pinned into a cache folder
 * outside the project when it is missing: it is 354 MB in 1,061 packages
 * (38 s to install on a quiet 2-core machine), more than the site's own
 * `npm ci` should make every newcomer download for a test, so it is no
 * dependency of the site.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import { createRequire } from "node:module"
import path from "node:path"
import { pathToFileURL } from "node:url"

export const CLI_VERSION = "27.10.2"
const CACHE = process.env.NETLIFY_CLI_CACHE || path.join(os.homedir(), ".cache", "waste-to-energy-site", `netlify-cli-${CLI_VERSION}`)
const ENTRY = path.join(CACHE, "node_modules", "netlify-cli", "bin", "run.js")
const LOOPBACK = path.join(__dirname, "loopback.cjs")

/** The CLI's entry script, installed first when the cache has none; says how long the install took. */
export function ensureCli(): { entry: string; root: string; installedSeconds?: number } {
  const root = path.join(CACHE, "node_modules", "netlify-cli")
  if (fs.existsSync(ENTRY)) return { entry: ENTRY, root }
  console.log(`Installing netlify-cli@${CLI_VERSION} into ${CACHE} (once per machine)`)
  const started = Date.now()
  fs.mkdirSync(CACHE, { recursive: true })
  // npm from the PATH npm gave this script; --prefix keeps the install out of the project
  execFileSync("npm", ["install", "--prefix", CACHE, "--no-audit", "--no-fund", "--no-save", "--loglevel=error", `netlify-cli@${CLI_VERSION}`], { stdio: "inherit", timeout: 10 * 60_000 })
  if (!fs.existsSync(ENTRY)) throw new Error(`netlify-cli@${CLI_VERSION} was installed into ${CACHE}, but ${ENTRY} is missing`)
  return { entry: ENTRY, root, installedSeconds: (Date.now() - started) / 1000 }
}

export interface NetlifyServe {
  origin: string
  output: () => string
  stop: () => Promise<void>
  child: ChildProcess
}

/**
 * `netlify serve --offline` in dir: the CLI runs the build of netlify.toml
 * (Gatsby with gatsby-adapter-netlify), bundles the functions, and serves
 * public/, the functions and a local Blobs store on port. Its servers are
 * held to loopback (loopback.cjs). Edge functions are off: the site has none,
 * and with them on the first request fetches Deno, which is not reachable
 * offline. Resolves when the CLI prints that it is ready; rejects when it
 * exits first or takes longer than timeoutMs, with its output.
 */
export async function netlifyServe(dir: string, port: number, env: Record<string, string>, timeoutMs: number): Promise<NetlifyServe> {
  const { entry } = ensureCli()
  const child = spawn(process.execPath, ["--require", LOOPBACK, entry, "serve", "--offline", "--internal-disable-edge-functions", "--port", String(port)], {
    cwd: dir,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, BROWSER: "none", NETLIFY_TELEMETRY_DISABLED: "1", GATSBY_TELEMETRY_DISABLED: "1", CI: "1", ...env },
  })
  let output = ""
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk))
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name)
    } catch {
      // already gone
    }
  }
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    signal("SIGTERM")
    const timer = setTimeout(() => signal("SIGKILL"), 5_000)
    await exited
    clearTimeout(timer)
    signal("SIGKILL") // anything of its group still running (the build's children)
  }
  await new Promise<void>((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer)
      clearInterval(poll)
      void stop().finally(() => reject(new Error(`netlify serve ${why}:\n${output.slice(-6000)}`)))
    }
    const timer = setTimeout(() => fail(`was not ready within ${timeoutMs / 1000} s`), timeoutMs)
    const poll = setInterval(() => {
      if (/dev server ready: /.test(output)) {
        clearTimeout(timer)
        clearInterval(poll)
        resolve()
      }
    }, 100)
    void exited.then(() => fail(`exited (code ${child.exitCode}, signal ${child.signalCode}) before it was ready`))
  })
  return { origin: `http://127.0.0.1:${port}`, output: () => output, stop, child }
}

type HeaderRule = { forRegExp: RegExp; values: Record<string, string> }

/**
 * The headers Netlify's CDN gives a path from public/_headers, read with the
 * CLI's own parser (@netlify/headers-parser) and its own matching (every rule
 * whose path matches, later ones winning: utils/headers.js headersForPath).
 * The CLI's static server then overwrites Cache-Control with its own
 * "public, max-age=0" on every file, /static/ included, so the test takes
 * Cache-Control from here, not from the CLI's answer.
 */
export async function cdnHeaders(publicDir: string): Promise<(pathname: string) => Record<string, string>> {
  const { root } = ensureCli()
  const parser = createRequire(path.join(root, "package.json")).resolve("@netlify/headers-parser")
  const { parseAllHeaders } = (await import(pathToFileURL(parser).href)) as {
    parseAllHeaders: (options: object) => Promise<{ headers: HeaderRule[]; errors: { message: string }[] }>
  }
  const { headers, errors } = await parseAllHeaders({ headersFiles: [path.join(publicDir, "_headers")], minimal: false, configHeaders: [] })
  if (errors.length) throw new Error(`public/_headers does not parse: ${errors.map((error) => error.message).join("; ")}`)
  return (pathname) => Object.assign({}, ...headers.filter((rule) => rule.forRegExp.test(pathname)).map((rule) => rule.values)) as Record<string, string>
}
