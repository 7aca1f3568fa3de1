/**
 * The Netlify CLI for the Netlify test, fetched pinned into a cache folder
 * outside the project when it is missing, with Deno for its edge functions:
 * 445 MB in 1,063 packages (46 s to install here), more than the site's own
 * `npm ci` should make every newcomer download for a test, so neither is a
 * dependency of the site.
 *
 * The edge function runs offline in three steps (docs/deploying.md); the
 * first two are here, the third is the site's import map (netlify.toml):
 * 1. Deno from npm (`deno`, its binary an optional dependency per platform)
 *    first on the CLI's PATH: @netlify/edge-bundler (dist/node/bridge.js)
 *    takes a `deno` on the PATH whose version satisfies ^2.4.2 before it
 *    downloads one;
 * 2. the bootstrap from npm: the CLI imports it from edge.netlify.com unless
 *    NETLIFY_EDGE_BOOTSTRAP names another (dist/lib/edge-functions/bootstrap.js);
 *    @netlify/edge-functions-dev, a dependency of the CLI, ships one that
 *    imports nothing from the network. A wrapper (below) keeps its server on
 *    loopback, as loopback.cjs keeps the CLI's.
 * Re-read those files when the CLI is bumped.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import { createRequire } from "node:module"
import path from "node:path"
import { pathToFileURL } from "node:url"

export const CLI_VERSION = "27.10.2"
/** Deno for the CLI's edge functions: its bundler (16.1.1) takes ^2.4.2 */
export const DENO_VERSION = "2.9.6"
const CACHE = process.env.NETLIFY_CLI_CACHE || path.join(os.homedir(), ".cache", "waste-to-energy-site", `netlify-cli-${CLI_VERSION}`)
const BIN = path.join(CACHE, "node_modules", ".bin")
const ENTRY = path.join(CACHE, "node_modules", "netlify-cli", "bin", "run.js")
const DENO = path.join(BIN, process.platform === "win32" ? "deno.cmd" : "deno")
const LOOPBACK = path.join(__dirname, "loopback.cjs")

/**
 * The CLI's entry script, installed with Deno first when the cache lacks
 * either; says how long the install took. One `npm install` for both: a
 * later --no-save install of one would remove the other.
 */
export function ensureCli(): { entry: string; root: string; installedSeconds?: number } {
  const root = path.join(CACHE, "node_modules", "netlify-cli")
  if (fs.existsSync(ENTRY) && fs.existsSync(DENO)) return { entry: ENTRY, root }
  console.log(`Installing netlify-cli@${CLI_VERSION} and deno@${DENO_VERSION} into ${CACHE} (once per machine)`)
  const started = Date.now()
  fs.mkdirSync(CACHE, { recursive: true })
  // npm from the PATH npm gave this script; --prefix keeps the install out of the project
  execFileSync(
    "npm",
    ["install", "--prefix", CACHE, "--no-audit", "--no-fund", "--no-save", "--loglevel=error", `netlify-cli@${CLI_VERSION}`, `deno@${DENO_VERSION}`],
    { stdio: "inherit", timeout: 10 * 60_000 },
  )
  for (const file of [ENTRY, DENO])
    if (!fs.existsSync(file))
      throw new Error(
        `netlify-cli@${CLI_VERSION} and deno@${DENO_VERSION} were installed into ${CACHE}, but ${file} is missing (npm installs no Deno binary for ${process.platform}-${process.arch} with musl)`,
      )
  return { entry: ENTRY, root, installedSeconds: (Date.now() - started) / 1000 }
}

/**
 * The edge functions' bootstrap from the CLI's own dependencies, served on
 * 127.0.0.1: Deno.serve listens on 0.0.0.0 unless told, and the bootstrap
 * tells it only the port. Written into the cache (it names the bootstrap by
 * its path there); its URL is what NETLIFY_EDGE_BOOTSTRAP takes.
 */
function loopbackBootstrap(root: string): string {
  // the package exports only its Node entry (dist/node/main.js); the bootstrap is beside it
  const main = createRequire(path.join(root, "package.json")).resolve("@netlify/edge-functions-dev")
  const bootstrap = path.join(path.dirname(main), "..", "deno", "bootstrap.mjs")
  if (!fs.existsSync(bootstrap))
    throw new Error(`${bootstrap} is missing: netlify-cli@${CLI_VERSION}'s @netlify/edge-functions-dev no longer ships its bootstrap there`)
  const wrapper = path.join(CACHE, "edge-bootstrap-loopback.mjs")
  fs.writeFileSync(
    wrapper,
    [
      `// Written by the site's __tests__/rigs/netlify/cli.ts: the bootstrap of ${path.relative(CACHE, bootstrap)}, on loopback`,
      `import * as bootstrap from ${JSON.stringify(pathToFileURL(bootstrap).href)}`,
      `export * from ${JSON.stringify(pathToFileURL(bootstrap).href)}`,
      "const serve = Deno.serve",
      "export const boot = (getFunctions) => {",
      `  Deno.serve = (options, handler) => serve({ ...options, hostname: "127.0.0.1" }, handler)`,
      "  return bootstrap.boot(getFunctions)",
      "}",
      "",
    ].join("\n"),
  )
  return pathToFileURL(wrapper).href
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
 * held to loopback (loopback.cjs), and its edge functions run on the
 * cache's Deno and bootstrap (above), nothing fetched. Resolves when the CLI
 * prints that it is ready; rejects when it exits first or takes longer than
 * timeoutMs, with its output.
 */
export async function netlifyServe(dir: string, port: number, env: Record<string, string>, timeoutMs: number): Promise<NetlifyServe> {
  const { entry, root } = ensureCli()
  const child = spawn(process.execPath, ["--require", LOOPBACK, entry, "serve", "--offline", "--port", String(port)], {
    cwd: dir,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      // the cache's Deno before any other
      PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ""}`,
      NETLIFY_EDGE_BOOTSTRAP: loopbackBootstrap(root),
      BROWSER: "none",
      NETLIFY_TELEMETRY_DISABLED: "1",
      GATSBY_TELEMETRY_DISABLED: "1",
      CI: "1",
      ...env,
    },
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
