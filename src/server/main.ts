import fs from "fs"
import path from "path"
import { ConfigError } from "../forms/environment"
import { formService } from "../forms-hosts/open-service"
import { buildServer } from "./app"
import { readServerConfig } from "./server-config"
import { checkBuild } from "./build-record.js"
import { routeHeaders } from "./route-headers"

/**
 * `npm run serve`: the production server on PORT (9000) at HOST (127.0.0.1).
 * The build compiles this file into one script (src/build-time/server-adapter.ts),
 * so the server runs on what the build wrote: public/, the routes file and
 * that script, with node_modules. It imports nothing the build runs.
 */
async function main(): Promise<void> {
  const env = process.env
  const publicDir = path.resolve(env.PUBLIC_DIR || "public")
  if (!fs.existsSync(path.join(publicDir, "index.html"))) {
    throw new ConfigError(`${publicDir} holds no built site. Run \`npm run build\` first (or \`npm start\`, which builds when needed).`)
  }
  const config = readServerConfig(env)
  // Run directly (`node .cache/production-server.cjs`) too, the server runs only on a whole build. Its routes
  // file, beside public/ (the rules gatsby-config handed Gatsby, as the build's adapter wrote them down, matched
  // as its adapters match them), is read once, by that check: one missing, damaged or not the build's is refused
  const { routes, problem } = checkBuild(path.resolve(publicDir, ".."), publicDir)
  if (problem || !routes) throw new ConfigError(`${problem}. Build again (\`npm run build\`, or \`npm start\`, which builds when needed).`)
  const headersFor = routeHeaders(routes.rules, routes)
  const service = formService()
  const app = await buildServer({ publicDir, service, headersFor, trustProxy: config.trustProxy, timeouts: config, logger: config.logRequests })

  // A stop waits for open requests, but not for ever: a client that sends
  // slowly (or an SMTP server that answers slowly) must not keep the process
  // alive while new connections are already refused.
  stopServer = async (why: string) => {
    console.log(`${why}: finishing open requests (at most ${config.shutdownTimeoutMs / 1000} s), then stopping.`)
    const deadline = setTimeout(() => {
      console.log(`${why}: requests still open after ${config.shutdownTimeoutMs / 1000} s; closing them.`)
      app.server.closeAllConnections()
      setTimeout(() => process.exit(0), 1_000).unref()
    }, config.shutdownTimeoutMs)
    deadline.unref()
    // a keep-alive connection whose request is answered now is idle: close it
    // then, not at the deadline (Fastify closes only those idle at the start)
    setInterval(() => app.server.closeIdleConnections(), 100).unref()
    await app.close()
    await service.close()
    process.exit(0)
  }
  await app.listen({ port: config.port, host: config.host })
  const address = app.server.address()
  console.log(`Serving ${publicDir} and the form endpoints at http://${config.host}:${typeof address === "object" && address ? address.port : config.port}`)
}

/**
 * One way to stop, whatever asks: SIGTERM (systemd, docker, kill), SIGINT
 * (Ctrl+C), SIGHUP (the terminal closed), or the end of the IPC channel of
 * scripts/start.mjs (`npm start`), which means it is gone. The first starts
 * the graceful stop; the rest are only logged, and the deadline still
 * applies. A signal often comes twice: to the whole process group, and passed
 * on by the parent.
 */
let stopRequested: string | undefined
let stopServer: ((why: string) => Promise<void>) | undefined
function requestStop(why: string): void {
  if (stopRequested) {
    console.log(`${why}: already stopping (${stopRequested}).`)
    return
  }
  stopRequested = why
  if (stopServer) return void stopServer(why)
  // still starting: nothing can be in flight
  console.log(`${why}: stopping before serving.`)
  process.exit(0)
}
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) process.on(signal, () => requestStop(signal))
if (process.channel) {
  // the channel must not keep the process alive by itself
  process.channel.unref()
  process.once("disconnect", () => requestStop("npm start (scripts/start.mjs) has ended"))
}

main().catch((error: Error) => {
  // a stop asked for while the server began to listen ends the process itself
  if (stopRequested && stopServer) return
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
