// The servers the audit talks to: the production server (src/server/main.ts)
// on a free loopback port, and the control page's own little server; and the
// HTTP requests the checks make to them.
import { spawn } from "node:child_process"
import fs from "node:fs"
import http from "node:http"
import { createRequire } from "node:module"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import { atExit, sleep, TIMEOUT, withTimeout } from "./lifecycle"

const require = createRequire(import.meta.url)

export interface Served {
  status: number
  headers: Headers
  body: Buffer
}

export interface RunningServer {
  origin: string
  stop: () => Promise<void>
}

/** The production server with a throw-away FORMS_DATA_DIR; resolves with its origin and a stop function. */
export async function startServer(root: string): Promise<RunningServer> {
  const formsDir = fs.mkdtempSync(path.join(os.tmpdir(), "audit-forms-"))
  atExit(() => fs.rmSync(formsDir, { recursive: true, force: true }))
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: "0", HOST: "127.0.0.1", FORMS_DATA_DIR: formsDir, LOG_REQUESTS: "false" }
  delete env.SMTP_URL // the audit submits no forms; never send mail from it
  const tsx = path.join(path.dirname(require.resolve("tsx/package.json")), "dist", "cli.mjs")
  // its own process group, so stopping it also stops the child tsx starts
  const server = spawn(process.execPath, [tsx, "src/server/main.ts"], { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] })
  let output = ""
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => server.once("exit", (code, signal) => resolve({ code, signal })))
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (server.pid) process.kill(-server.pid, signal)
    } catch {
      // already gone
    }
  }
  const stop = atExit(async () => {
    if (server.exitCode !== null || server.signalCode !== null) return
    signalGroup("SIGTERM")
    const stopped = await Promise.race([exited.then(() => true), sleep(TIMEOUT.serverStop).then(() => false)])
    if (!stopped) {
      signalGroup("SIGKILL")
      await Promise.race([exited, sleep(2000)])
    }
  })
  const origin = await withTimeout(
    new Promise<string>((resolve, reject) => {
      server.stdout.on("data", (chunk) => {
        output += chunk
        const match = /Serving .* at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
        if (match?.[1]) resolve(match[1])
      })
      server.stderr.on("data", (chunk) => (output += chunk))
      exited.then(({ code, signal }) => reject(new Error(`the server stopped (${signal ?? `exit ${code}`}) before it was ready:\n${output.trim()}`)))
    }),
    TIMEOUT.serverStart,
    "starting the server",
  )
  return { origin, stop }
}

/** GET with a time limit; the body as a Buffer (decoded from any content coding). */
export async function get(url: string): Promise<Served> {
  const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(TIMEOUT.request) })
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) }
}

/** The bytes of the body as the server sends it to a client that accepts gzip only (not decoded). */
export function gzipBytes(url: string): Promise<{ bytes: number; encoding: string; status: number | undefined }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { "accept-encoding": "gzip" }, timeout: TIMEOUT.request }, (response) => {
      let bytes = 0
      response.on("data", (chunk: Buffer) => (bytes += chunk.length))
      response.on("end", () => resolve({ bytes, encoding: response.headers["content-encoding"] ?? "identity", status: response.statusCode }))
      response.on("error", reject)
    })
    request.on("timeout", () => request.destroy(new Error(`GET ${url} timed out`)))
    request.on("error", reject)
  })
}

const htmlCache = new Map<string, Promise<Served>>()
/** The served HTML of a URL (without its fragment), fetched once. */
export function servedHtml(url: string): Promise<Served> {
  const key = url.split("#")[0] ?? url
  let served = htmlCache.get(key)
  if (!served) htmlCache.set(key, (served = get(key)))
  return served
}

/**
 * A loopback server for the control page (scripts/audit/control-page.html: a
 * heading and a paragraph, no stylesheet, script, font or image), measured
 * in the same rounds as the routes, exactly as they are. Its TBT is what Chromium's own
 * navigation (commit, the page's JavaScript context, Lighthouse's injected
 * scripts) costs on this machine under the simulated slower CPU: the floor
 * under every route's figure. Served once with the site's headers and once
 * with none, so a header that costs the navigation itself shows (it was
 * Cross-Origin-Opener-Policy, which put the page in a fresh renderer
 * process; the site no longer sends it, docs/serving.md).
 */
export async function startControlServer(root: string, headers: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const html = fs.readFileSync(path.join(root, "scripts", "audit", "control-page.html"))
  return serveOnLoopback((request, response) => {
    response.writeHead(request.url === "/" ? 200 : 404, { ...headers, "Content-Type": "text/html; charset=utf-8", "Content-Length": html.length, "Cache-Control": "no-store" })
    response.end(request.method === "HEAD" ? undefined : html)
  })
}

/** A server on a free loopback port, stopped at the audit's exit if not before: the control page's and the floor's */
export async function serveOnLoopback(handler: http.RequestListener): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = http.createServer(handler)
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve))
  const stop = atExit(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, stop }
}
