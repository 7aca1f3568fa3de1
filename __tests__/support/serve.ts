import { spawn, type ChildProcess } from "child_process"
import fs from "fs"
import net from "net"
import os from "os"
import path from "path"

export const ROOT = path.resolve(__dirname, "../..")

export function assertBuilt(): void {
  if (!fs.existsSync(path.join(ROOT, "public", "index.html"))) {
    throw new Error("public/ has no build. Run `npm run build` first (npm test does).")
  }
}

/** A port nothing listens on right now (the kernel's pick on loopback). */
export async function freePort(): Promise<number> {
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
  /** Where this server's form submissions are stored (a fresh temporary folder) */
  dataDir: string
  stop: () => Promise<void>
}

export interface ServeOptions {
  /** "production": the site's own server (npm start); "gatsby": `gatsby serve`, which runs the Gatsby Functions */
  server?: "production" | "gatsby"
  /** Extra environment, e.g. SMTP_URL */
  env?: Record<string, string>
}

/** Serves public/ on loopback with a fresh forms store, and waits until it answers. */
export async function serveBuild({ server = "production", env = {} }: ServeOptions = {}): Promise<Served> {
  assertBuilt()
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forms-"))
  const command =
    server === "production"
      ? [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), path.join(ROOT, "src/server/main.ts")]
      : [path.join(ROOT, "node_modules/gatsby/cli.js"), "serve", "--host", "127.0.0.1", "--port", String(port)]
  // The server's own output goes to server.log beside its store, for when a test fails
  const log = fs.openSync(path.join(dataDir, "server.log"), "a")
  const child: ChildProcess = spawn(process.execPath, command, {
    cwd: ROOT,
    stdio: ["ignore", log, log],
    env: {
      ...process.env,
      NODE_ENV: "production",
      GATSBY_TELEMETRY_DISABLED: "1",
      HOST: "127.0.0.1",
      PORT: String(port),
      FORMS_DATA_DIR: dataDir,
      // Browser tests post many times from one address
      FORMS_RATE_LIMIT: "1000",
      SMTP_URL: "",
      ...env,
    },
  })
  const origin = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      const response = await fetch(`${origin}/`)
      if (response.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill("SIGKILL")
      throw new Error(
        `${server === "production" ? "src/server/main.ts" : "gatsby serve"} did not answer on ${origin} within 30 s:\n${fs.readFileSync(path.join(dataDir, "server.log"), "utf8")}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return {
    origin,
    dataDir,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once("exit", () => resolve())
        child.kill("SIGTERM")
        setTimeout(() => child.kill("SIGKILL"), 3000).unref()
      }),
  }
}

export function readContent<T>(relative: string): T {
  return JSON.parse(fs.readFileSync(path.join(ROOT, "content", relative), "utf8")) as T
}
