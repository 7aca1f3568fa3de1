import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby"
import { formService, type Endpoint } from "./service"
import { connectLambdaEvent, type LambdaEvent } from "./store-blobs"
import { redecodeLeftovers } from "./urlencoded"

// No `export const config` in src/api: Gatsby 5.16 then builds its rendering
// engines for the whole site (and fails to bundle sharp). Gatsby's default
// body parsing is what the forms need: urlencoded and JSON up to 100 kB, which
// is BODY_LIMIT_BYTES; larger bodies get its own 413.

/** Translates Gatsby's request and response to the framework-independent form service. */
export async function answer(endpoint: Endpoint, req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  // gatsby-adapter-netlify (1.x) runs each function in Netlify's Lambda
  // compatibility mode and puts the Lambda event on the request; its Blobs
  // access is set up before the service (and its store) is first used.
  const event = (req as { netlifyFunctionParams?: { event?: LambdaEvent } }).netlifyFunctionParams?.event
  if (event) connectLambdaEvent(event)
  const result = await formService().handle(endpoint, {
    method: req.method ?? "GET",
    headers: req.headers,
    // qs (Gatsby's urlencoded parser) keeps escapes that are not UTF-8 as they came
    body: /^application\/x-www-form-urlencoded/i.test(String(req.headers["content-type"] ?? "")) ? redecodeLeftovers(req.body) : req.body,
    query: req.query,
    // Express (under Gatsby) sets req.ip from the socket, or from X-Forwarded-For behind a trusted proxy
    ip: (req as { ip?: string }).ip ?? req.socket.remoteAddress ?? "unknown",
  })
  res.status(result.status)
  for (const [name, value] of Object.entries(result.headers)) res.setHeader(name, value)
  res.send(result.body)
}
