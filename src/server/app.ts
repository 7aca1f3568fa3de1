import fastifyFormbody from "@fastify/formbody"
import fastifyStatic from "@fastify/static"
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify"
import { BODY_LIMIT_BYTES, refusedEarly, type Endpoint, type FormResponse, type FormService } from "../forms/service"

export interface ServerOptions {
  /** Gatsby's build output */
  publicDir: string
  service: FormService
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
 * form service the Gatsby Functions in src/api/ wrap. Glue over Fastify and
 * its official plugins; nothing here parses or serves files by hand.
 */
export async function buildServer({ publicDir, service, trustProxy = false, logger = false }: ServerOptions) {
  const app = Fastify({ bodyLimit: BODY_LIMIT_BYTES, trustProxy, logger, onProtoPoisoning: "error", onConstructorPoisoning: "error" })

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

  for (const endpoint of ENDPOINTS) {
    app.all(`/api/${endpoint}`, async (request: FastifyRequest, reply: FastifyReply) =>
      send(reply, await service.handle(endpoint, { method: request.method, headers: request.headers, body: request.body, query: request.query as Record<string, unknown>, ip: request.ip })),
    )
  }

  await app.register(fastifyStatic, { root: publicDir, redirect: false, index: ["index.html"], wildcard: true })
  app.setNotFoundHandler((_request, reply) => reply.code(404).type("text/html; charset=utf-8").sendFile("404.html"))
  return app
}
