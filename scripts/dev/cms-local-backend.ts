/**
 * The CMS's local backend: Decap's own file-system proxy (decap-server's
 * registerLocalFs), which reads and writes the files of a checkout, served
 * on loopback only and answering only pages from loopback. decap-server's
 * own command listens on every interface and lets any web page a developer
 * visits write into their checkout (it allows every origin); this does not.
 *
 * decap-server itself only keeps paths inside the checkout: an entry could
 * be written to gatsby-config.ts, .git/hooks/ or node_modules/.bin/, which
 * run on the next build or commit, and any local process could ask. So a
 * guard stands before it and reads each request itself: addressed to this
 * backend by a page on this machine, JSON, under the size cap, an action the
 * CMS uses, and every path it names in a folder the CMS configuration names
 * (content/…), with no link on the way. Only then does decap-server see it.
 */
import fs from "node:fs/promises"
import http from "node:http"
import type { AddressInfo, Socket } from "node:net"
import path from "node:path"
import express, { type NextFunction, type Request, type Response } from "express"
import { registerLocalFs } from "decap-server/dist/middlewares"
import { cmsConfig, localBackendPort } from "../../src/cms/cms-config"
import { writeAtomicallyInDecapServer, writingFor } from "./cms-backend-atomic"
import { ACTIONS, at, editableFolders, refusalOfAction } from "./cms-backend-paths"
import { crowdedRefusal, crowding, dropRest, MAX_SOCKETS, parseJson, readBody, turnFor, turnstile } from "./cms-backend-requests"

export { editableFolders, relativePath } from "./cms-backend-paths"
export { depthGauge, MAX_BODY_BYTES, MAX_DEPTH } from "./cms-backend-requests"

/** Pages on this machine: the dev server, the production server, a test's */
export const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/

export interface LocalBackend {
  url: string
  close(): Promise<void>
}

/**
 * Why the request is not from the CMS in a browser on this machine, or
 * undefined when it is. Host: a page of another name resolving to 127.0.0.1
 * (DNS rebinding) addresses its own name. Origin: the CMS is cross-origin to
 * this port, so the browser always sends one; no Origin is curl, a script or
 * another program, not the CMS.
 */
function strangerReason(request: Request, port: number): string | undefined {
  const host = (request.headers.host ?? "").toLowerCase()
  if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`)
    return `The local CMS backend answers requests to 127.0.0.1:${port}, not to ${host || "no host"}.`
  const origin = request.headers.origin
  if (!origin) return "The local CMS backend answers only the CMS in a browser on this machine, which sends an Origin; this request has none."
  return LOOPBACK_ORIGIN.test(origin) ? undefined : `The local CMS backend only answers pages on this machine, not ${origin}.`
}

/** Only JSON, uncompressed: a page may send text/plain or a form to any address without asking, JSON only after a CORS preflight */
function isPlainJson(request: Request): boolean {
  const type = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase()
  const encoding = (request.headers["content-encoding"] ?? "identity").toLowerCase()
  return type === "application/json" && encoding === "identity"
}

function refuse(response: Response, status: number, error: string, headers: Record<string, string> = {}): void {
  if (!response.headersSent) response.status(status).set(headers).json({ error })
}

/**
 * The guard before decap-server: it refuses what the CMS on this machine
 * would never send, and hands on the rest with its body read and parsed.
 */
function guard(root: string, port: () => number, crowded: (socket: Socket) => boolean) {
  const take = turnstile()
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    const stranger = strangerReason(request, port())
    if (stranger) return refuse(response, 403, stranger)
    // so the CMS can read the refusals below (decap-server's CORS only answers what reaches it)
    response.set({ "Access-Control-Allow-Origin": request.headers.origin!, Vary: "Origin" })
    if (crowded(request.socket)) {
      // a preflight is answered all the same, on a connection then closed: the CMS could not read a refused one
      if (request.method !== "OPTIONS") return crowdedRefusal(request, response)
      response.set("Connection", "close")
    }
    // the CORS preflight: decap-server's cors answers it
    if (request.method === "OPTIONS") return next()
    if (request.method !== "POST" || request.path !== "/api/v1") return refuse(response, 404, "The local CMS backend answers POST /api/v1 only.")
    if (!isPlainJson(request)) return refuse(response, 415, "The local CMS backend takes JSON (Content-Type: application/json), uncompressed.")

    const takeTurn = turnFor(take, response)
    const body = await readBody(request, takeTurn)
    if ("gone" in body) return
    if ("status" in body) {
      dropRest(request)
      return refuse(response, body.status, body.error, body.status === 503 ? { "Retry-After": "5" } : {})
    }
    const parsed = parseJson(body.bytes)
    const name = at(parsed, "action")
    if (typeof name !== "string") return refuse(response, 400, "The local CMS backend takes a JSON object with an action.")
    const action = ACTIONS.get(name)
    if (!action) return refuse(response, 403, `The local CMS backend does not do ${JSON.stringify(name)}.`)

    const place = { root, realRoot: await fs.realpath(root), folders: editableFolders(cmsConfig(path.join(root, "content"), { local: true })) }
    const refusal = await refusalOfAction(place, action, at(parsed, "params"))
    if (refusal) return refuse(response, 403, refusal)
    if (action.writes) {
      const turn = await takeTurn()
      if (turn === "gone") return
      if (turn === "line full") return refuse(response, 503, "The local CMS backend is busy with other changes; try again shortly.", { "Retry-After": "5" })
    }
    // body-parser (decap-server's express.json) leaves a request alone once `_body` says it was read
    Object.assign(request, { body: parsed, _body: true })
    // decap-server writes under the real path of the project
    if (action.writes) writingFor.run(place.realRoot, next)
    else next()
  }
}

/** Serves `root` (the project, whose content/ the CMS edits) on 127.0.0.1:`port` */
export async function startLocalBackend({ root = process.cwd(), port = localBackendPort(), quiet = false } = {}): Promise<LocalBackend> {
  const project = path.resolve(root)
  // decap-server reads the checkout's place from the environment when it registers
  process.env.GIT_REPO_DIRECTORY = project
  const app = express()
  const server = http.createServer(app)
  server.maxConnections = MAX_SOCKETS
  // a whole request within a minute (a full-size upload over loopback takes one second): a trickling one cannot keep the uploads' turn
  server.requestTimeout = 60_000
  const screen = guard(project, () => (server.address() as AddressInfo).port, crowding(server))
  app.use((request, response, next) => {
    screen(request, response, next).catch((error: Error) => refuse(response, 500, `The local CMS backend failed: ${error.message}`))
  })
  writeAtomicallyInDecapServer()
  await registerLocalFs(app, quiet ? { logLevel: "warn" } : {})
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, "127.0.0.1", () => resolve())
  })
  const address = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${address.port}/api/v1`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
