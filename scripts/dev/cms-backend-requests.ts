/**
 * The local CMS backend's limits on requests (see cms-local-backend.ts): the
 * size and nesting of a body, read as it streams, and the turns that let one
 * write or upload through at a time.
 */
import type { Server, Socket } from "node:net"
import type { Request, Response } from "express"

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

/**
 * The browser's six connections per host, with room: requests on connections
 * past this are refused (503) with their bodies dropped unread, bounding the
 * bodies read at once
 */
const MAX_CONNECTIONS = 32

/** Sockets open at once: past this a connection is closed unanswered, bounding the backend's file descriptors */
export const MAX_SOCKETS = 8 * MAX_CONNECTIONS

/**
 * Whether a connection opened past MAX_CONNECTIONS, counted as they open and
 * close. Node's server.maxConnections closes such a connection unanswered: of
 * a script's 40 parallel saves, 8 got a connection reset where the others
 * read 200 or 503; the guard answers them 503 instead (crowdedRefusal).
 */
export function crowding(server: Server): (socket: Socket) => boolean {
  const crowded = new WeakSet<Socket>()
  let open = 0
  server.on("connection", (socket: Socket) => {
    open += 1
    if (open > MAX_CONNECTIONS) crowded.add(socket)
    socket.once("close", () => (open -= 1))
  })
  return (socket) => crowded.has(socket)
}

export type Turn = "mine" | "line full" | "gone"

/** Turns, one at a time: each resolves with the function that ends it; undefined when MAX_WAITING already wait */
export function turnstile(): () => Promise<() => void> | undefined {
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
export function turnFor(take: () => Promise<() => void> | undefined, response: Response): () => Promise<Turn> {
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
export function readBody(request: Request, takeTurn: () => Promise<Turn>): Promise<Body> {
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
export function dropRest(request: Request, then?: () => void): void {
  let dropped = 0
  const cut = () => request.socket.destroy()
  const timer = setTimeout(cut, 10_000).unref()
  request.on("data", (chunk: Buffer) => {
    dropped += chunk.length
    if (dropped > MAX_BODY_BYTES) cut()
  })
  if (then) request.once("end", then)
  request.once("close", () => clearTimeout(timer))
  request.resume()
}

/**
 * A request on a crowded connection: its body dropped as it arrives, then a
 * 503 and the connection closed, which frees its place. Answered only once
 * the body is in: a connection closed while the client still sends resets it
 * before it can read the answer (the reason dropRest keeps reading).
 */
export function crowdedRefusal(request: Request, response: Response): void {
  response.set({ Connection: "close", "Retry-After": "5" })
  dropRest(request, () => {
    if (!response.headersSent) response.status(503).json({ error: "The local CMS backend is busy with other connections; try again shortly." })
  })
}

export function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString("utf8"))
  } catch {
    return undefined
  }
}
