/**
 * A real Netlify Blobs server for tests: BlobsServer from
 * @netlify/blobs/server (the HTTP server Netlify ships for this), over a
 * temporary folder, on 127.0.0.1. It runs in its own Node process because it
 * and its dependencies are ES modules, which jest's CommonJS runtime cannot
 * load; the store under test talks to it over HTTP like to Netlify.
 */
import { spawn } from "child_process"
import { randomBytes } from "crypto"
import fs from "fs"
import os from "os"
import path from "path"

const ROOT = path.resolve(__dirname, "../..")

// BlobsServer listens on every interface and takes no host; this process
// runs nothing else, so its listen() is pinned to loopback here.
const SERVER = `
import http from "node:http"
import { BlobsServer } from "@netlify/blobs/server"
const listen = http.Server.prototype.listen
http.Server.prototype.listen = function (port, ...rest) { return listen.call(this, port, "127.0.0.1", ...rest) }
const server = new BlobsServer({ directory: process.env.BLOBS_DIRECTORY, token: process.env.BLOBS_TOKEN })
const { port } = await server.start()
process.stdout.write(JSON.stringify({ port }) + "\\n")
process.once("SIGTERM", () => server.stop().finally(() => process.exit(0)))
`

export interface LocalBlobs {
  /** http://127.0.0.1:<port> */
  url: string
  token: string
  /** Any site ID: the local server keeps one folder per site */
  siteID: string
  /** SIGTERM, then the folder is removed (unless it was given); resolves when the process has exited */
  stop: () => Promise<void>
}

/**
 * Starts the server over a new temporary folder, or over directory (such as
 * the Netlify CLI's .netlify/blobs-serve, to read what it stored), which is
 * then left in place.
 */
export async function startBlobsServer({ directory: given }: { directory?: string } = {}): Promise<LocalBlobs> {
  const directory = given ?? fs.mkdtempSync(path.join(os.tmpdir(), "forms-blobs-"))
  const token = randomBytes(16).toString("hex")
  const child = spawn(process.execPath, ["--input-type=module", "-e", SERVER], {
    cwd: ROOT,
    env: { ...process.env, BLOBS_DIRECTORY: directory, BLOBS_TOKEN: token },
    stdio: ["ignore", "pipe", "pipe"],
  })
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  let output = ""
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`BlobsServer did not start in 10 s:\n${output}`)), 10_000)
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk
      const line = /^\{"port":(\d+)\}$/m.exec(output)
      if (line) {
        clearTimeout(timer)
        resolve(Number(line[1]))
      }
    })
    child.stderr.on("data", (chunk: Buffer) => (output += chunk))
    void exited.then(() => {
      clearTimeout(timer)
      reject(new Error(`BlobsServer exited before it started:\n${output}`))
    })
  })
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    siteID: "forms-test-site",
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM")
      await exited
      if (!given) fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
