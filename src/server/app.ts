import fastifyCompress from "@fastify/compress"
import fastifyFormbody from "@fastify/formbody"
import fastifyStatic from "@fastify/static"
import zlib from "zlib"
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify"
import { MIN_BYTES } from "../build/precompress"
import { BODY_LIMIT_BYTES, refusedEarly, type Endpoint, type FormResponse, type FormService } from "../forms/service"

export interface ServerOptions {
  /** Gatsby's build output */
  publicDir: string
  service: FormService
  /** The headers of the response to a path: gatsby-config's, as Gatsby's adapters apply them (route-headers.ts) */
  headersFor: (pathname: string) => Record<string, string>
  /** Fastify's trustProxy: true behind one proxy, or the proxies' addresses; off by default */
  trustProxy?: boolean | string
  logger?: boolean
}

const ENDPOINTS: Endpoint[] = ["contact", "subscribe", "subscribe-confirm"]

function send(reply: FastifyReply, response: FormResponse): FastifyReply {
  return reply.code(response.status).headers(response.headers).send(response.body)
}

/**
 * The production server: the built site from public/ with Gatsby's routing
 * (/product answers from product/index.html, unknown paths get 404.html with
 * status 404) and the form endpoints, which hand every request to the same
 * form service the Gatsby Functions in src/api/ wrap, with the headers
 * declared in gatsby-config on every response and compression. Glue over
 * Fastify and its official plugins; nothing here parses, compresses or serves
 * files by hand.
 */
export async function buildServer({ publicDir, service, headersFor, trustProxy = false, logger = false }: ServerOptions) {
  const app = Fastify({ bodyLimit: BODY_LIMIT_BYTES, trustProxy, logger, onProtoPoisoning: "error", onConstructorPoisoning: "error" })

  // Headers first, so a handler's own (the forms' Cache-Control: no-store) win.
  // trailingSlash "never": /product/ moves to /product, as Gatsby's adapters do.
  app.addHook("onRequest", async (request, reply) => {
    const url = new URL(request.url, "http://site")
    reply.headers(headersFor(url.pathname))
    // every response may come in another encoding (precompressed or compressed
    // here), whichever this request got; lower case, as @fastify/compress
    // looks for it before adding its own
    reply.header("vary", "accept-encoding")
    if (url.pathname.length > 1 && url.pathname.endsWith("/")) {
      const target = `${url.pathname.replace(/\/+$/, "") || "/"}${url.search}`
      return reply.redirect(target, request.method === "GET" || request.method === "HEAD" ? 301 : 308)
    }
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

  // Bodies: JSON (built in) and urlencoded (formbody); every other type is refused with 415.
  app.removeContentTypeParser(["text/plain"])
  await app.register(fastifyFormbody, { bodyLimit: BODY_LIMIT_BYTES })

  // Fastify refuses some requests before a handler runs (too large, unknown
  // type, JSON that does not parse): answer those in the forms' own words.
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500
    if (status >= 500) request.log.error(error)
    return send(reply, refusedEarly(status, { headers: request.headers }))
  })

  // decompress: false: a form body is never compressed by a browser; refusing
  // Content-Encoding keeps decompression bombs out and matches what the forms
  // accept everywhere (a compressed body does not parse: 400)
  for (const endpoint of ENDPOINTS) {
    app.all(`/api/${endpoint}`, { decompress: false }, async (request: FastifyRequest, reply: FastifyReply) =>
      send(reply, await service.handle(endpoint, { method: request.method, headers: request.headers, body: request.body, query: request.query as Record<string, unknown>, ip: request.ip })),
    )
  }

  // cacheControl false: the Cache-Control of gatsby-config's rules stands.
  // preCompressed: the build's .br and .gz copies (src/build/precompress.ts) go
  // out as they are; @fastify/compress leaves an encoded response alone and
  // still compresses what has no copy.
  await app.register(fastifyStatic, {
    root: publicDir,
    redirect: false,
    index: ["index.html"],
    wildcard: true,
    cacheControl: false,
    preCompressed: true,
  })
  app.setNotFoundHandler((_request, reply) => reply.code(404).type("text/html; charset=utf-8").sendFile("404.html"))
  return app
}
