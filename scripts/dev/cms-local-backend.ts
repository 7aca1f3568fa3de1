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
import { AsyncLocalStorage } from "node:async_hooks"
import fsSync, { type Dirent } from "node:fs"
import fs from "node:fs/promises"
import http from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"
import express, { type NextFunction, type Request, type Response } from "express"
import { registerLocalFs } from "decap-server/dist/middlewares"
import { cmsConfig, localBackendPort, type CmsConfig, type CmsField } from "../../src/cms/cms-config"

/** Pages on this machine: the dev server, the production server, a test's */
export const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/

/**
 * The largest request body: 32 MiB. Media arrive base64 in JSON, 4/3 of the
 * file, so this takes a file of up to 24 MiB: an editor's camera photo
 * (6000 × 4000 JPEG, 3–8 MB, 11 MB as base64) with room to spare, or a hero
 * video fifty times the size of today's (under 0.5 MB). decap-server's own
 * limit, 50 MB, let a 37 MB body through.
 */
export const MAX_BODY_BYTES = 32 * 1024 * 1024

/**
 * A body past this is an upload: it is read on, and handled, only on its
 * turn. While decap-server decodes, writes and reads back a full-size upload
 * it holds about 150 MB; four in parallel took the backend from 129 to 814 MB.
 */
const UPLOAD_BYTES = 1024 * 1024

/** Requests waiting for their turn beyond this are refused (503): a line with no end would be memory with no end */
const MAX_WAITING = 16

/** The browser's six connections per host, with room: connections past this are refused, bounding the bodies read at once */
const MAX_CONNECTIONS = 32

export interface LocalBackend {
  url: string
  close(): Promise<void>
}

/** A path a request names: the parameter (for the refusal), its value, and whether it names a folder or a file */
interface NamedPath {
  name: string
  value: unknown
  folder?: boolean
}

interface Action {
  /** Every path it reads, writes, lists or deletes */
  paths(params: unknown): NamedPath[]
  /** It changes files: it waits its turn */
  writes?: true
  /** It lists its folder this many levels down (decap-server's depth) and reads what it finds, links too */
  lists?(params: unknown): number
}

const at = (value: unknown, key: string): unknown => (typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined)

/** A list's items; a lone value where decap-server expects a list is checked as one item all the same */
const items = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value])

const one =
  (name: string, folder?: true) =>
  (params: unknown): NamedPath[] => [{ name, value: at(params, name), folder }]

/** An entry's data file: where it is written, and where it moves when renamed (decap-server moves its whole folder's files) */
const dataFilePaths = (name: string, file: unknown): NamedPath[] =>
  file === undefined
    ? []
    : [
        { name: `${name}.path`, value: at(file, "path") },
        ...(at(file, "newPath") === undefined ? [] : [{ name: `${name}.newPath`, value: at(file, "newPath") }]),
      ]

/**
 * The actions of decap-server's file-system proxy (its localFs middleware),
 * each with every path it uses; any other action is refused, so a new one in
 * a later decap-server is refused until it is added here with its paths.
 * `branch` and `cmsLabelPrefix` name no file here: only decap-server's Git
 * proxy reads them, in the editorial workflow's actions, refused here.
 */
const ACTIONS = new Map<string, Action>([
  ["info", { paths: () => [] }],
  ["getDeployPreview", { paths: () => [] }],
  ["entriesByFolder", { paths: one("folder", true), lists: (params) => Number(at(params, "depth")) || 1 }],
  ["entriesByFiles", { paths: (params) => items(at(params, "files")).map((file, index) => ({ name: `files[${index}].path`, value: at(file, "path") })) }],
  ["getEntry", { paths: one("path") }],
  [
    "persistEntry",
    {
      writes: true,
      paths: (params) => [
        ...dataFilePaths("entry", at(params, "entry")),
        ...items(at(params, "dataFiles")).flatMap((file, index) => dataFilePaths(`dataFiles[${index}]`, file ?? null)),
        ...items(at(params, "assets")).map((asset, index) => ({ name: `assets[${index}].path`, value: at(asset, "path") })),
      ],
    },
  ],
  ["getMedia", { paths: one("mediaFolder", true), lists: () => 1 }],
  ["getMediaFile", { paths: one("path") }],
  ["persistMedia", { writes: true, paths: (params) => [{ name: "asset.path", value: at(at(params, "asset"), "path") }] }],
  ["deleteFile", { writes: true, paths: one("path") }],
  ["deleteFiles", { writes: true, paths: (params) => items(at(params, "paths")).map((value, index) => ({ name: `paths[${index}]`, value })) }],
])

/** The media folders of a collection's fields, nested ones too, as the configuration writes them (relative to the entry) */
function fieldMediaFolders(fields: CmsField[] = []): string[] {
  return fields.flatMap((field) => [
    ...(field.media_folder === undefined ? [] : [field.media_folder]),
    ...fieldMediaFolders(field.fields),
    ...fieldMediaFolders(field.field ? [field.field] : []),
  ])
}

/**
 * The folders the CMS configuration names, relative to the project: each
 * collection's folder or its files' folders, the media library's folder,
 * and each file field's upload folder (relative to the entry; "/" from the
 * project's root, as Decap reads it). Derived, not listed, so a new content
 * folder is editable with no change here; never anything outside content/.
 */
export function editableFolders(config: CmsConfig): Set<string> {
  const entryFolders = config.collections.flatMap((collection) =>
    collection.folder
      ? [{ folder: collection.folder, fields: collection.fields }]
      : (collection.files ?? []).map((file) => ({ folder: path.posix.dirname(file.file), fields: file.fields })),
  )
  const named = [
    config.media_folder,
    ...entryFolders.flatMap(({ folder, fields }) => [
      folder,
      ...fieldMediaFolders(fields).map((media) => (media.startsWith("/") ? media.slice(1) : path.posix.join(folder, media))),
    ]),
  ]
  const inContent = (folder: string | undefined): folder is string => folder === "content" || Boolean(folder?.startsWith("content/"))
  return new Set(named.map(relativePath).filter(inContent))
}

/**
 * The path as plain segments relative to the project, or undefined when it
 * is not one: not a string, absolute, with `..`, a backslash or NUL. `.` and
 * doubled or trailing slashes are dropped, as the file system would.
 */
export function relativePath(value: unknown): string | undefined {
  if (typeof value !== "string" || /[\\\0]/.test(value) || path.posix.isAbsolute(value) || /^[a-z]:/i.test(value)) return undefined
  const segments = value.split("/").filter((segment) => segment !== "" && segment !== ".")
  return segments.length === 0 || segments.includes("..") ? undefined : segments.join("/")
}

/** ENOENT and ENOTDIR: not there, which is fine for a path about to be written */
async function lstatIfThere(file: string) {
  return fs.lstat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT" || error.code === "ENOTDIR") return undefined
    throw error
  })
}

/**
 * The first link on the way from the project's root to `relative`, through
 * the part that exists (a dangling link counts: writing through it creates
 * its target); then that part, resolved, must be where the path says, under
 * the real root. decap-server follows links that stay in the checkout.
 */
async function linkOnTheWay(root: string, realRoot: string, relative: string): Promise<string | undefined> {
  let existing = ""
  for (const segment of relative.split("/")) {
    const next = path.posix.join(existing, segment)
    const stat = await lstatIfThere(path.join(root, next))
    if (!stat) break
    if (stat.isSymbolicLink()) return next
    existing = next
  }
  return (await fs.realpath(path.join(root, existing))) === path.join(realRoot, existing) ? undefined : existing || "."
}

/** The first link in a folder, `depth` levels down as decap-server lists it: it would read the file the link leads to */
async function linkInFolder(root: string, folder: string, depth: number): Promise<string | undefined> {
  if (depth <= 0) return undefined
  const entries = await fs.readdir(path.join(root, folder), { withFileTypes: true }).catch((): Dirent[] => [])
  for (const entry of entries) {
    const relative = path.posix.join(folder, entry.name)
    if (entry.isSymbolicLink()) return relative
    const below = entry.isDirectory() ? await linkInFolder(root, relative, depth - 1) : undefined
    if (below) return below
  }
  return undefined
}

interface Place {
  root: string
  realRoot: string
  folders: Set<string>
}

/** Why the request may not use this path, or undefined when it may */
async function refusalOf(place: Place, { name, value, folder }: NamedPath): Promise<string | undefined> {
  const relative = relativePath(value)
  if (relative === undefined) return `${name} ${JSON.stringify(value) ?? "(missing)"} is not a path relative to the project without "..", "\\" or NUL.`
  if (!place.folders.has(folder ? relative : path.posix.dirname(relative))) {
    return `${name} "${relative}" is outside the folders the CMS configuration names (${[...place.folders].join(", ")}).`
  }
  const link = await linkOnTheWay(place.root, place.realRoot, relative)
  return link ? `${name} "${relative}" goes through the link ${link}: the local CMS backend follows no links.` : undefined
}

/** Why the action may not run with these parameters, or undefined when it may: its first path refused, or a link in a folder it lists */
async function refusalOfAction(place: Place, action: Action, params: unknown): Promise<string | undefined> {
  for (const named of action.paths(params)) {
    const refusal = await refusalOf(place, named)
    if (refusal) return refusal
  }
  const folder = action.lists && relativePath(action.paths(params)[0]?.value)
  const link = folder && action.lists ? await linkInFolder(place.root, folder, action.lists(params)) : undefined
  return link ? `${folder} holds the link ${link}: the local CMS backend lists no folder with links in it.` : undefined
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

type Turn = "mine" | "line full" | "gone"

/** Turns, one at a time: each resolves with the function that ends it; undefined when MAX_WAITING already wait */
function turnstile(): () => Promise<() => void> | undefined {
  let busy = false
  const line: (() => void)[] = []
  const pass = () => {
    const next = line.shift()
    if (next) next()
    else busy = false
  }
  const endOnce = () => {
    let ended = false
    return () => {
      if (!ended) pass()
      ended = true
    }
  }
  return () => {
    if (!busy) {
      busy = true
      return Promise.resolve(endOnce())
    }
    if (line.length >= MAX_WAITING) return undefined
    return new Promise((resolve) => line.push(() => resolve(endOnce())))
  }
}

/**
 * The request's turn, taken at most once and ended when its response is
 * done or its client has gone, so no request keeps the others waiting
 * after it.
 */
function turnFor(take: () => Promise<() => void> | undefined, response: Response): () => Promise<Turn> {
  let closed = false
  let end: (() => void) | undefined
  let taking: Promise<Turn> | undefined
  response.once("close", () => {
    closed = true
    end?.()
  })
  const wait = async (): Promise<Turn> => {
    const turn = take()
    if (!turn) return "line full"
    const ending = await turn
    if (closed) ending()
    else end = ending
    return closed ? "gone" : "mine"
  }
  return () => (taking ??= wait())
}

/**
 * How deep the CMS's requests nest: 6 levels at most (an entry's data travels
 * as a string, not as nested JSON). A 16 MB body nested 8 million levels deep
 * held JSON.parse, and every other request with it, for 2–13 s.
 */
export const MAX_DEPTH = 64

/**
 * Counts the nesting of JSON as it streams, outside strings, without parsing
 * it: a few milliseconds per megabyte. Says when it passes `limit`.
 */
export function depthGauge(limit = MAX_DEPTH): (chunk: Buffer) => boolean {
  let depth = 0
  let inString = false
  let escaped = false
  return (chunk) => {
    for (let index = 0; index < chunk.length; index += 1) {
      const byte = chunk[index]!
      if (inString) {
        if (escaped) escaped = false
        else if (byte === 0x5c) escaped = true
        else if (byte === 0x22) inString = false
      } else if (byte === 0x22) inString = true
      else if (byte === 0x5b || byte === 0x7b) {
        if (++depth > limit) return true
      } else if (byte === 0x5d || byte === 0x7d) depth -= 1
    }
    return false
  }
}

type Body = { bytes: Buffer } | { status: 400 | 413 | 503; error: string } | { gone: true }

/**
 * The request's body, counted as it streams, whatever Content-Length says:
 * past MAX_BODY_BYTES reading stops then and there (the rest is dropped,
 * never kept); past UPLOAD_BYTES it pauses until the request's turn. JSON
 * nested deeper than MAX_DEPTH is refused as soon as it gets there, before
 * JSON.parse could hold the backend on it.
 */
function readBody(request: Request, takeTurn: () => Promise<Turn>): Promise<Body> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const tooDeep = depthGauge()
    let size = 0
    const finish = (body: Body) => {
      request.off("data", onData).off("end", onEnd).off("close", onClose).off("error", reject)
      resolve(body)
    }
    const onData = (chunk: Buffer) => {
      const before = size
      size += chunk.length
      if (size > MAX_BODY_BYTES)
        return finish({ status: 413, error: `The local CMS backend takes requests of up to ${MAX_BODY_BYTES / 1024 / 1024} MiB (a file of up to 24 MiB).` })
      if (tooDeep(chunk)) return finish({ status: 400, error: `The local CMS backend takes JSON nested at most ${MAX_DEPTH} levels deep.` })
      chunks.push(chunk)
      if (before <= UPLOAD_BYTES && size > UPLOAD_BYTES) {
        request.pause()
        takeTurn().then((turn) => {
          if (turn === "mine") request.resume()
          else finish(turn === "gone" ? { gone: true } : { status: 503, error: "The local CMS backend is busy with other uploads; try again shortly." })
        }, reject)
      }
    }
    const onEnd = () => finish({ bytes: Buffer.concat(chunks, size) })
    // closed before its end: the client went away
    const onClose = () => finish({ gone: true })
    request.on("data", onData).once("end", onEnd).once("close", onClose).once("error", reject)
  })
}

/**
 * After a refusal mid-body: the rest is dropped as it arrives, never kept,
 * and the connection cut once as much again has come or 10 s have passed.
 * Cutting at once (Connection: close) would reset a client still sending
 * before it could read the refusal, and the CMS would show a network error.
 */
function dropRest(request: Request): void {
  let dropped = 0
  const cut = () => request.socket.destroy()
  const timer = setTimeout(cut, 10_000).unref()
  request.on("data", (chunk: Buffer) => {
    dropped += chunk.length
    if (dropped > MAX_BODY_BYTES) cut()
  })
  request.once("close", () => clearTimeout(timer))
  request.resume()
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString("utf8"))
  } catch {
    return undefined
  }
}

/** The project whose files decap-server is writing for the request in hand: set only around a write action's handling */
const writingFor = new AsyncLocalStorage<string>()

/**
 * decap-server writes an entry or an upload in place (fs.promises.writeFile
 * on the file itself): a backend killed or a disk filled mid-write leaves a
 * content file half-written, and the next build fails on it. While it
 * handles a write action this guard has let through, each of its writes
 * under the project goes to a hidden file in the same folder, renamed over
 * the target once whole; everything else decap-server does (which files,
 * the moves, the answers) stays its own. Installed once per process.
 */
function writeAtomicallyInDecapServer(): void {
  const promises = fsSync.promises as typeof fsSync.promises & { [atomic]?: true }
  if (promises[atomic]) return
  const inPlace = promises.writeFile
  let count = 0
  const atomicWrite = async function (this: unknown, ...args: Parameters<typeof inPlace>): Promise<void> {
    const [file, data, options] = args
    const root = writingFor.getStore()
    if (root === undefined || typeof file !== "string" || path.relative(root, file).startsWith("..") || !path.isAbsolute(file)) return inPlace.apply(this, args)
    const temp = path.join(path.dirname(file), `.${path.basename(file)}.cms-${process.pid}-${(count += 1)}.tmp`)
    try {
      await inPlace(temp, data, options)
      await fs.rename(temp, file)
    } catch (error) {
      await fs.rm(temp, { force: true })
      throw error
    }
  }
  promises.writeFile = atomicWrite as typeof inPlace
  promises[atomic] = true
}

const atomic = Symbol.for("local CMS backend: atomic writes")

/**
 * The guard before decap-server: it refuses what the CMS on this machine
 * would never send, and hands on the rest with its body read and parsed.
 */
function guard(root: string, port: () => number) {
  const take = turnstile()
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    const stranger = strangerReason(request, port())
    if (stranger) return refuse(response, 403, stranger)
    // so the CMS can read the refusals below (decap-server's CORS only answers what reaches it)
    response.set({ "Access-Control-Allow-Origin": request.headers.origin!, Vary: "Origin" })
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
  server.maxConnections = MAX_CONNECTIONS
  // a whole request within a minute (a full-size upload over loopback takes one second): a trickling one cannot keep the uploads' turn
  server.requestTimeout = 60_000
  const screen = guard(project, () => (server.address() as AddressInfo).port)
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
