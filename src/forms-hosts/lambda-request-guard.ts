import http from "http"

const GUARDED = Symbol.for("emberleaf.forms.lambdaRequestGuard")

/**
 * A guard for gatsby-adapter-netlify 1.4.0's function wrapper on Node 24.21.
 *
 * The wrapper builds each request as `Object.assign(new Stream.Readable(),
 * http.IncomingMessage.prototype)`: an object that has IncomingMessage's
 * methods but never ran its constructor. Node 24.21's IncomingMessage keeps
 * an AbortSignal in fields its constructor sets (kAbortController,
 * kAbortSignalSocket, ...), and its `_destroy` uses them; on the fake request
 * they are undefined, so when the body has been read and the stream destroys
 * itself, `_destroy` throws ("Cannot read properties of undefined (reading
 * 'removeListener')") from an 'error' event nobody handles, and the function
 * crashes at the first POST. Node 22 and 20 have no such fields.
 *
 * The wrapper copies the prototype's methods onto each request when the
 * request is made, so replacing them here, when the function's module loads,
 * reaches every request. Each replacement first gives an object that lacks
 * the constructor's abort fields the values the constructor gives (a fresh
 * AbortController, null for the rest), then runs Node's own method. A real
 * IncomingMessage has them all and is left as it is. The reproduction is in
 * docs/deploying.md.
 */
export function guardLambdaRequests(): void {
  const prototype = http.IncomingMessage.prototype as unknown as Record<string | symbol, unknown>
  if (prototype[GUARDED]) return
  // what the constructor gives each request, read from a real one (no socket needed)
  const probe = new http.IncomingMessage(null as never) as unknown as Record<symbol, unknown>
  const fields = Object.getOwnPropertySymbols(probe).filter((symbol) => symbol.description?.startsWith("kAbort"))
  if (fields.length === 0) return // a Node without them (22, 20): nothing to guard
  const complete = (request: Record<symbol, unknown>) => {
    for (const field of fields) {
      if (field in request) continue
      request[field] = probe[field] instanceof AbortController ? new AbortController() : probe[field]
    }
  }
  const methods = ["_destroy", ...Object.getOwnPropertySymbols(prototype).filter((symbol) => /AbortSignal/.test(symbol.description ?? ""))]
  for (const name of methods) {
    const original = prototype[name]
    if (typeof original !== "function") continue
    prototype[name] = function (this: Record<symbol, unknown>, ...args: unknown[]) {
      complete(this)
      return original.apply(this, args)
    }
  }
  Object.defineProperty(prototype, GUARDED, { value: true })
}
