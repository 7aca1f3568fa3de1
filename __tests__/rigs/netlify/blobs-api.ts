/**
 * `npm run forms` reads a Netlify Blobs store through the Netlify API
 * (NETLIFY_BLOBS_SITE_ID, _TOKEN, _API_URL). The local BlobsServer of
 * @netlify/blobs 11 answers API requests, but drops a listing's query
 * (parseAPIRequest rebuilds the URL as /site/store?signature=…), so
 * `list({ prefix })` finds nothing there; Netlify's API keeps it. This
 * loopback proxy, in front of a BlobsServer, sends a listing to the
 * server's own path for it (/site/store?prefix=…, with the same token) and
 * everything else as it is. Used only by the Netlify test.
 */
import http from "node:http"
import type { AddressInfo } from "node:net"

const API_LISTING = /^\/api\/v1\/blobs\/([^/?]+)\/([^/?]+)(\?.*)?$/

export async function blobsApiProxy(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((incoming, outgoing) => {
    const listing = API_LISTING.exec(incoming.url ?? "")
    const pathname = listing ? `/${listing[1]}/${listing[2]}${listing[3] ?? ""}` : (incoming.url ?? "/")
    const chunks: Buffer[] = []
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk))
    incoming.on("end", () => {
      const headers = Object.fromEntries(
        Object.entries(incoming.headers)
          .filter(([name]) => name !== "host" && name !== "connection")
          .map(([name, value]) => [name, String(value)]),
      )
      const body = chunks.length ? Buffer.concat(chunks) : undefined
      fetch(`${target}${pathname}`, { method: incoming.method, headers, body })
        .then(async (response) => {
          outgoing.writeHead(
            response.status,
            Object.fromEntries([...response.headers].filter(([name]) => name !== "content-encoding" && name !== "content-length")),
          )
          outgoing.end(Buffer.from(await response.arrayBuffer()))
        })
        .catch((error: Error) => {
          outgoing.writeHead(502)
          outgoing.end(error.message)
        })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}
