// Plain CommonJS: `node --require` preloads it into the Netlify CLI's own process, which has no tsx.
/**
 * Preloaded into the Netlify CLI (node --require) by the Netlify test: its
 * proxy, static, functions and Blobs servers call listen() without a host,
 * which is every interface; tests here listen on loopback only. A listen()
 * that names no host gets 127.0.0.1; one that names a host or a socket path
 * is left alone.
 */
const net = require("net")

const listen = net.Server.prototype.listen
net.Server.prototype.listen = function (...args) {
  const [first] = args
  if (
    typeof first === "object" &&
    first !== null &&
    !Array.isArray(first) &&
    first.path === undefined &&
    first.handle === undefined &&
    first.fd === undefined
  ) {
    if (first.host === undefined) args[0] = { ...first, host: "127.0.0.1" }
  } else if (typeof first === "number" || (typeof first === "string" && /^\d+$/.test(first)) || first === undefined || typeof first === "function") {
    const port = typeof first === "function" || first === undefined ? 0 : first
    const rest = typeof first === "function" ? args : args.slice(1)
    if (typeof rest[0] !== "string") return listen.call(this, port, "127.0.0.1", ...rest)
  }
  return listen.apply(this, args)
}
