/**
 * Plain HTTP for the forms' end-to-end tests: requests with the raw path as
 * written (no URL normalisation on the way), raw bytes on a socket, and the
 * checks every answer of the site must pass.
 */
import http from "http"
import net from "net"

export interface Reply {
  status: number
  headers: http.IncomingHttpHeaders
  text: string
}

/** One request with the raw path as written (no URL normalisation on the way) */
export function request(
  base: string,
  rawPath: string,
  { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
  const url = new URL(base)
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: rawPath,
        method,
        headers: { ...(body ? { "content-length": String(Buffer.byteLength(body)) } : {}), ...headers },
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on("data", (chunk: Buffer) => chunks.push(chunk))
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, text: Buffer.concat(chunks).toString("utf8") }))
      },
    )
    outgoing.on("error", reject)
    outgoing.end(body)
  })
}

/**
 * Bytes written as they are on a new connection (a request line no client
 * library would send); resolves with the status and headers of the answer
 * once the server closes or 5 s pass, status 0 when nothing came back.
 */
export function rawRequest(base: string, bytes: Buffer | string): Promise<Reply> {
  const port = Number(new URL(base).port)
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    const socket = net.connect(port, "127.0.0.1", () => socket.write(bytes))
    const done = () => {
      clearTimeout(timer)
      socket.destroy()
      const text = Buffer.concat(chunks).toString("latin1")
      const [head = "", ...rest] = text.split("\r\n\r\n")
      const [statusLine = "", ...headerLines] = head.split("\r\n")
      const headers: http.IncomingHttpHeaders = {}
      for (const line of headerLines) {
        const colon = line.indexOf(":")
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
      }
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, text: rest.join("\r\n\r\n") })
    }
    const timer = setTimeout(done, 5_000)
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk)
      // a whole answer with a length: no need to wait for the close of a kept-alive connection
      const text = Buffer.concat(chunks).toString("latin1")
      const end = text.indexOf("\r\n\r\n")
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end))?.[1]
      if (end >= 0 && length !== undefined && Buffer.byteLength(text.slice(end + 4), "latin1") >= Number(length)) done()
    })
    socket.on("error", () => undefined)
    socket.on("close", done)
  })
}

export const person = (tag: string) => ({
  username: `Visitor ${tag}`,
  email: `${tag}@example.com`,
  phone: "+1 555 010 0100",
  subject: `Quote ${tag}`,
  message: `Message ${tag}`,
  fillMs: 6000,
})

export const postJson = (base: string, endpoint: string, body: object, headers: Record<string, string> = {}) =>
  request(base, `/api/${endpoint}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...headers },
    body: JSON.stringify(body),
  })

/** The site's security headers, as every answer must carry them */
export function expectSiteHeaders(where: string, headers: http.IncomingHttpHeaders): void {
  expect([where, headers["content-security-policy"]]).toEqual([where, expect.stringContaining("frame-ancestors 'none'")])
  expect([where, headers["strict-transport-security"]]).toEqual([where, expect.stringMatching(/max-age=\d{8}/)])
  expect([where, headers["x-content-type-options"]]).toEqual([where, "nosniff"])
  expect([where, headers["referrer-policy"]]).toEqual([where, "strict-origin-when-cross-origin"])
}
