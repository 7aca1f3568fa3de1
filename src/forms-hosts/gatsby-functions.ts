import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby"
import { guardLambdaRequests } from "./lambda-request-guard"
import type { Endpoint } from "../forms/service"
import { formService } from "./open-service"
import { connectLambdaEvent, type LambdaEvent } from "./netlify-blobs-store"
import { redecodeLeftovers } from "../forms/urlencoded"

// No `export const config` in src/api: Gatsby 5.16 then builds its rendering
// engines for the whole site (and fails to bundle sharp). Gatsby's default
// body parsing is what the forms need: urlencoded and JSON up to 100 kB, which
// is BODY_LIMIT_BYTES; larger bodies get its own 413.

// Before the first request: gatsby-adapter-netlify's requests crash Node 24.21 without it
guardLambdaRequests()

/**
 * The site's headers for a form endpoint's answer, as `npm start` sends them
 * (CSP, HSTS, ...): a CDN's header rules do not reach a function's answer, so
 * the function sends them. Written as a bare `process.env.NAME` on purpose:
 * Gatsby's build of the functions replaces it with the value gatsby-config
 * put there (src/build-time/adapters.ts, exportFunctionHeaders).
 */
const SITE_HEADERS: Record<string, string> = JSON.parse(process.env.SITE_FUNCTION_HEADERS || "{}")

/** What gatsby-adapter-netlify (1.x) puts on the request: the function's Lambda event */
type NetlifyRequest = { netlifyFunctionParams?: { event?: LambdaEvent } }

/**
 * The visitor's address. Under Express (gatsby develop, gatsby serve) req.ip
 * comes from the socket, or from X-Forwarded-For behind a trusted proxy. A
 * request from gatsby-adapter-netlify's wrapper has neither ip nor socket;
 * there Netlify's edge names the visitor in X-Nf-Client-Connection-Ip, which
 * it sets itself (read only there: elsewhere a visitor could write it).
 */
function clientAddress(req: GatsbyFunctionRequest, event: LambdaEvent | undefined): string {
  const fromExpress = (req as { ip?: string }).ip ?? (req as { socket?: { remoteAddress?: string } }).socket?.remoteAddress
  if (fromExpress) return fromExpress
  const fromNetlify = event ? req.headers["x-nf-client-connection-ip"] : undefined
  return (Array.isArray(fromNetlify) ? fromNetlify[0] : fromNetlify) || "unknown"
}

const lowerCase = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))

/** Translates Gatsby's request and response to the framework-independent form service. */
export async function answer(endpoint: Endpoint, req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  // gatsby-adapter-netlify (1.x) runs each function in Netlify's Lambda
  // compatibility mode and puts the Lambda event on the request; its Blobs
  // access is set up before the service (and its store) is first used.
  const event = (req as NetlifyRequest).netlifyFunctionParams?.event
  if (event) connectLambdaEvent(event)
  const result = await formService().handle(endpoint, {
    method: req.method ?? "GET",
    headers: req.headers,
    // qs (Gatsby's urlencoded parser) keeps escapes that are not UTF-8 as they came
    body: /^application\/x-www-form-urlencoded/i.test(String(req.headers["content-type"] ?? "")) ? redecodeLeftovers(req.body) : req.body,
    query: req.query,
    ip: clientAddress(req, event),
  })
  res.status(result.status)
  // the service's own (Cache-Control: no-store, Content-Type) after the site's, as under npm start;
  // an answer with no body of its own (a redirect) is typed as Fastify types it there
  for (const [name, value] of Object.entries({ ...SITE_HEADERS, "content-type": "text/plain; charset=utf-8", ...lowerCase(result.headers) }))
    res.setHeader(name, value)
  res.send(result.body)
}
