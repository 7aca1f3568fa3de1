import fastifyCompress from "@fastify/compress"
import fastifyStatic from "@fastify/static"
import fs from "fs"
import http from "http"
import path from "path"
import type { Duplex } from "stream"
import zlib from "zlib"
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify"
import { parseUrlencoded } from "../forms/urlencoded"
import { BODY_LIMIT_BYTES, refusedEarly, type Endpoint, type FormResponse, type FormService } from "../forms/service"
import { MIN_BYTES } from "../lib/compression"
import { LANGUAGES, languageOfPath, localizedPath } from "../lib/languages"
import { canonicalTarget, movesToCanonical, redirectStatus } from "../lib/trailing-slash"
import { REVALIDATE } from "../security/header-rules"
import type { ServerConfig } from "./server-config"

export interface ServerOptions {
  /** Gatsby's build output */
  publicDir: string
  service: FormService
  /** The headers of the response to a path: gatsby-config's, as Gatsby's adapters apply them (route-headers.ts) */
  headersFor: (pathname: string) => Record<string, string>
  /** Fastify's trustProxy: off, a number of proxy hops, or the proxies' addresses (server-config.ts) */
  trustProxy?: ServerConfig["trustProxy"]
  /** Bounds on slow clients; the defaults are readServerConfig's */
  timeouts?: Pick<ServerConfig, "headersTimeoutMs" | "requestTimeoutMs">
  logger?: boolean
}

const ENDPOINTS: Endpoint[] = ["contact", "subscribe", "subscribe-confirm", "unsubscribe"]

function send(reply: FastifyReply, response: FormResponse): FastifyReply {
  return reply.code(response.status).headers(response.headers).send(response.body)
}

/** The path of a raw request target, without its query; never an absolute URL's host. */
const pathOf = (url: string) => url.split("?", 1)[0] ?? "/"
const queryOf = (url: string) => (url.includes("?") ? url.slice(url.indexOf("?")) : "")

const PARSER_STATUS: Record<string, number> = { HPE_HEADER_OVERFLOW: 431, ERR_HTTP_REQUEST_TIMEOUT: 408 }

/**
 * The answer to a request Node's parser refused, written on the socket as
 * Fastify's default handler does, with the site's headers and its error page
 * in place of Fastify's JSON.
 */
export function refuseMalformed(error: NodeJS.ErrnoException, socket: Duplex, headers: Record<string, string>, page: Buffer): void {
  // a reset connection has nobody to answer (Node's own rule)
  if (error.code === "ECONNRESET" || socket.destroyed) return
  if (!socket.writable) return void socket.destroy(error)
  const status = PARSER_STATUS[error.code ?? ""] ?? 400
  const lines = Object.entries({
    ...headers,
    "cache-control": REVALIDATE,
    "content-type": "text/html; charset=utf-8",
    "content-length": String(page.length),
    connection: "close",
  }).map(([name, value]) => `${name}: ${value}`)
  // end, not write and destroy: the page is larger than one write, and a
  // destroy drops what is still buffered; a client that does not read it is cut after 5 s
  socket.end(Buffer.concat([Buffer.from(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${lines.join("\r\n")}\r\n\r\n`), page]))
  setTimeout(() => socket.destroy(), 5_000).unref()
}

/** A cache may keep an answer for a year only when it is a file of the build, answered whole or in part. */
const CACHEABLE_STATUS = new Set([200, 206, 304])

/**
 * The production server: the built site from public/ with Gatsby's routing
 * (/product answers from product/index.html, unknown paths get 404.html with
 * status 404) and the form endpoints, which hand every request to the same
 * form service the Gatsby Functions in src/api/ wrap, with the headers
 * declared in gatsby-config on every response, errors included, and
 * compression. Glue over Fastify and its official plugins; nothing here
 * parses, compresses or serves files by hand.
 */
export async function buildServer({ publicDir, service, headersFor, trustProxy = false, timeouts, logger = false }: ServerOptions) {
  const { headersTimeoutMs = 10_000, requestTimeoutMs = 30_000 } = timeouts ?? {}
  // The site's own error page (Gatsby's 404 page), for any refusal outside
  // the form endpoints, with the site's headers. Read once: Fastify's own
  // refusals (frameworkErrors) come before any plugin, sendFile included.
  const errorPage = fs.readFileSync(path.join(publicDir, "404.html"))
  // In the language of the address: /hi/… gets hi/404.html, the Hindi page, where the build has one
  const errorPages = new Map(
    LANGUAGES.map(({ code }) => localizedPath("/", code))
      .map((prefix) => (prefix === "/" ? "404.html" : `${prefix.slice(1)}/404.html`))
      .filter((file) => fs.existsSync(path.join(publicDir, file)))
      .map((file) => [file, fs.readFileSync(path.join(publicDir, file))]),
  )
  const errorFileFor = (pathname: string) => {
    const prefix = localizedPath("/", languageOfPath(pathname))
    const file = prefix === "/" ? "404.html" : `${prefix.slice(1)}/404.html`
    return errorPages.has(file) ? file : "404.html"
  }
  const sitePage = (request: FastifyRequest, reply: FastifyReply, status: number) => {
    const pathname = pathOf(request.url)
    const file = errorFileFor(pathname)
    reply.headers({ ...headersFor(pathname), vary: "accept-encoding", "cache-control": REVALIDATE })
    reply.code(status).type("text/html; charset=utf-8")
    // the build's precompressed copy where @fastify/static is there to send it;
    // whole, whatever Range the request asked for: part of an error page is no answer
    return typeof (reply as Partial<FastifyReply>).sendFile === "function"
      ? reply.sendFile(file, { acceptRanges: false })
      : reply.send(errorPages.get(file) ?? errorPage)
  }
  /**
   * A form endpoint's refusal before its handler ran, in the forms' words, with
   * the site's headers again (Fastify drops what onRequest set when a reply
   * turns into an error, and frameworkErrors come before onRequest)
   */
  const formRefusal = (request: FastifyRequest, reply: FastifyReply, status: number, error?: unknown) => {
    reply.headers({ ...headersFor(pathOf(request.url)), vary: "accept-encoding" })
    return send(reply, refusedEarly(status, { headers: request.headers }, error))
  }
  /**
   * What Fastify hands frameworkErrors: a request it could not route (a URL
   * that does not decode, /api/%zz). It must answer and never throw: a throw
   * here is outside every handler and would end the process.
   */
  const refuseUnroutable = (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return isFormEndpoint(request) ? formRefusal(request, reply, 400) : sitePage(request, reply, 400)
    } catch (error) {
      request.log.error(error)
      return reply.code(400).type("text/plain; charset=utf-8").send("Bad Request")
    }
  }
  const isFormEndpoint = (request: FastifyRequest) => pathOf(request.url).startsWith("/api/")

  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    // n proxies: trust the n hops nearest the server, so request.ip is the
    // address the farthest of them saw (what proxy-addr does for a number,
    // which Fastify's types do not take)
    trustProxy: typeof trustProxy === "number" ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    logger,
    onProtoPoisoning: "error",
    onConstructorPoisoning: "error",
    // a client that sends its request slowly holds a socket and a file: the
    // headers must arrive within headersTimeoutMs, the whole request within
    // requestTimeoutMs (Node checks both every second here, not every 30 s)
    requestTimeout: requestTimeoutMs,
    http: { headersTimeout: headersTimeoutMs, connectionsCheckingInterval: 1_000 },
    // closing (SIGTERM) closes idle keep-alive connections at once
    forceCloseConnections: "idle",
    // A URL Fastify cannot decode (/%zz): the site's headers and page, not Fastify's JSON
    frameworkErrors: (_error, request, reply) => refuseUnroutable(request, reply),
    // What Node's HTTP parser refuses before Fastify sees a request (a malformed
    // request line, headers over the limit, a request that timed out): the
    // site's headers and error page too
    clientErrorHandler: (error: NodeJS.ErrnoException, socket) => refuseMalformed(error, socket, headersFor("/"), errorPage),
  })

  // Expect: other than 100-continue, which Node refuses itself with a bare 417
  app.server.on("checkExpectation", (request: http.IncomingMessage, response: http.ServerResponse) => {
    response.writeHead(417, {
      ...headersFor(pathOf(request.url ?? "/")),
      "cache-control": REVALIDATE,
      "content-type": "text/html; charset=utf-8",
      connection: "close",
    })
    response.end(errorPage)
  })

  // Headers first, so a handler's own (the forms' Cache-Control: no-store) win.
  // trailingSlash "never": /product/ moves to /product, as Gatsby's adapters do.
  app.addHook("onRequest", async (request, reply) => {
    const pathname = pathOf(request.url)
    reply.headers(headersFor(pathname))
    // every response may come in another encoding (precompressed or compressed
    // here), whichever this request got; lower case, as @fastify/compress
    // looks for it before adding its own
    reply.header("vary", "accept-encoding")
    // the rule Netlify's edge function applies too (src/lib/trailing-slash.ts)
    if (movesToCanonical(pathname)) return reply.redirect(`${canonicalTarget(pathname)}${queryOf(request.url)}`, redirectStatus(request.method))
  })
  // A year of caching belongs to a file of the build that was found; a 404, a
  // refusal or an error under a hashed-looking name must be asked for again
  app.addHook("onSend", async (_request, reply, payload) => {
    if (!CACHEABLE_STATUS.has(reply.statusCode) && /immutable/.test(String(reply.getHeader("cache-control") ?? ""))) reply.header("cache-control", REVALIDATE)
    return payload
  })
  // for what the build did not precompress (form responses, source maps): gzip at
  // level 9 and brotli at 5, a few ms per response; brotli's default (11) took
  // 137 ms for the home page here
  await app.register(fastifyCompress, {
    global: true,
    threshold: MIN_BYTES,
    encodings: ["br", "gzip"],
    zlibOptions: { level: 9 },
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  })

  // Bodies: JSON (built in) and urlencoded; every other type is refused with 415.
  app.removeContentTypeParser(["text/plain"])
  // A body with more fields than a form has is refused (TooManyFields, 413) before it is decoded
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: BODY_LIMIT_BYTES }, (_request, body, done) => {
    let parsed: ReturnType<typeof parseUrlencoded>
    try {
      parsed = parseUrlencoded(String(body))
    } catch (error) {
      return done(error as Error, undefined)
    }
    done(null, parsed)
  })
  // A mail program's one-click unsubscribe may post List-Unsubscribe=One-Click
  // as multipart/form-data (RFC 8058): kept as text, which only the
  // unsubscribe endpoint accepts (its token is in the link); the forms refuse it with 415
  app.addContentTypeParser("multipart/form-data", { parseAs: "string", bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body))

  // Fastify and its plugins refuse some requests before a handler runs: at
  // the form endpoints (too large, unknown type, JSON that does not parse)
  // in the forms' own words; anywhere else (a path @fastify/static will not
  // serve, such as /%00 or /../package.json) with the site's 404 page. The
  // site's headers go on again: Fastify drops what onRequest set when a
  // reply turns into an error.
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500
    if (status >= 500) request.log.error(error)
    if (!isFormEndpoint(request)) return sitePage(request, reply, status >= 500 ? 500 : status === 400 ? 400 : 404)
    return formRefusal(request, reply, status, error)
  })

  // decompress: false: a form body is never compressed by a browser; refusing
  // Content-Encoding keeps decompression bombs out and matches what the forms
  // accept everywhere (a compressed body does not parse: 400)
  for (const endpoint of ENDPOINTS) {
    app.all(`/api/${endpoint}`, { decompress: false }, async (request: FastifyRequest, reply: FastifyReply) =>
      send(
        reply,
        await service.handle(endpoint, {
          method: request.method,
          headers: request.headers,
          body: request.body,
          query: request.query as Record<string, unknown>,
          ip: request.ip,
        }),
      ),
    )
  }

  // The 404 page is the answer to what does not exist, never a page of its own
  for (const { code } of LANGUAGES)
    for (const notFound of ["/404", "/404.html"]) app.get(localizedPath(notFound, code), (request, reply) => sitePage(request, reply, 404))

  // cacheControl false: the Cache-Control of gatsby-config's rules stands.
  // preCompressed: the build's .br and .gz copies (src/build-time/postbuild/precompress.ts) go
  // out as they are; @fastify/compress leaves an encoded response alone and
  // still compresses what has no copy. dotfiles: a file whose name starts
  // with a dot is nothing the site publishes.
  await app.register(fastifyStatic, {
    root: publicDir,
    redirect: false,
    index: ["index.html"],
    wildcard: true,
    cacheControl: false,
    preCompressed: true,
    dotfiles: "deny",
  })
  app.setNotFoundHandler((request, reply) => sitePage(request, reply, 404))
  return app
}
