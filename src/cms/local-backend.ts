/**
 * The CMS's local backend: Decap's own file-system proxy (decap-server's
 * registerLocalFs), which reads and writes the files of a checkout, served
 * on loopback only and answering only pages from loopback. decap-server's
 * own command listens on every interface and lets any web page a developer
 * visits write into their checkout (it allows every origin); this does not.
 */
import http from "node:http"
import path from "node:path"
import express from "express"
import { registerLocalFs } from "decap-server/dist/middlewares"
import { localBackendPort } from "./config"

/** Pages on this machine: the dev server, the production server, a test's */
export const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/

export interface LocalBackend {
  url: string
  close(): Promise<void>
}

/** Serves `root` (the project, whose content/ the CMS edits) on 127.0.0.1:`port` */
export async function startLocalBackend({ root = process.cwd(), port = localBackendPort(), quiet = false } = {}): Promise<LocalBackend> {
  // decap-server reads the checkout's place from the environment when it registers
  process.env.GIT_REPO_DIRECTORY = path.resolve(root)
  const app = express()
  app.use((request, response, next) => {
    const origin = request.headers.origin
    if (origin && !LOOPBACK_ORIGIN.test(origin)) {
      response.status(403).json({ error: `The local CMS backend only answers pages on this machine, not ${origin}.` })
      return
    }
    next()
  })
  await registerLocalFs(app, quiet ? { logLevel: "warn" } : {})
  const server = http.createServer(app)
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, "127.0.0.1", () => resolve())
  })
  const address = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${address.port}/api/v1`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
