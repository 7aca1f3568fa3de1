import { spawn, type ChildProcess } from "child_process"
import fs from "fs"
import net from "net"
import path from "path"

export const ROOT = path.resolve(__dirname, "../..")

export function assertBuilt(): void {
  if (!fs.existsSync(path.join(ROOT, "public", "index.html"))) {
    throw new Error("public/ has no build. Run `npm run build` first (npm test does).")
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))))
    })
  })
}

export interface Served {
  origin: string
  stop: () => Promise<void>
}

/** Serves public/ with `gatsby serve` on loopback and waits until it answers. */
export async function serveBuild(): Promise<Served> {
  assertBuilt()
  const port = await freePort()
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(ROOT, "node_modules/gatsby/cli.js"), "serve", "--host", "127.0.0.1", "--port", String(port)],
    { cwd: ROOT, stdio: "ignore", env: { ...process.env, NODE_ENV: "production", GATSBY_TELEMETRY_DISABLED: "1" } },
  )
  const origin = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      const response = await fetch(`${origin}/`)
      if (response.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL")
      throw new Error(`gatsby serve did not answer on ${origin} within 30 s`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return {
    origin,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve())
        child.kill("SIGTERM")
        setTimeout(() => child.kill("SIGKILL"), 3000).unref()
      }),
  }
}

export function readContent<T>(relative: string): T {
  return JSON.parse(fs.readFileSync(path.join(ROOT, "content", relative), "utf8")) as T
}
