import fs from "fs"
import path from "path"
import gatsbyConfig from "../../gatsby-config"
import { ConfigError } from "../forms/config"
import { formService } from "../forms/service"
import { buildServer } from "./app"
import { readServerConfig } from "./config"
import { readSiteRoutes, routeHeaders, ROUTES_FILE } from "./route-headers"

/** `npm run serve`: the production server on PORT (9000) at HOST (127.0.0.1). */
async function main(): Promise<void> {
  const env = process.env
  const publicDir = path.resolve(env.PUBLIC_DIR || "public")
  if (!fs.existsSync(path.join(publicDir, "index.html"))) {
    throw new ConfigError(`${publicDir} holds no built site. Run \`npm run build\` first (or \`npm start\`, which builds when needed).`)
  }
  // written by the build's adapter (adapter.ts), beside public/
  const routesFile = path.resolve(publicDir, "..", ROUTES_FILE)
  if (!fs.existsSync(routesFile)) {
    throw new ConfigError(`${routesFile} is missing: it is written at the end of \`npm run build\` by the production-server adapter in gatsby-config.ts. Build again (or \`npm start\`, which builds when needed).`)
  }
  const config = readServerConfig(env)
  const headersFor = routeHeaders(gatsbyConfig.headers ?? [], readSiteRoutes(routesFile))
  const service = formService()
  const app = await buildServer({ publicDir, service, headersFor, trustProxy: config.trustProxy, timeouts: config, logger: config.logRequests })
  await app.listen({ port: config.port, host: config.host })
  const address = app.server.address()
  console.log(`Serving ${publicDir} and the form endpoints at http://${config.host}:${typeof address === "object" && address ? address.port : config.port}`)

  // A stop waits for open requests, but not for ever: a client that sends
  // slowly (or an SMTP server that answers slowly) must not keep the process
  // alive while new connections are already refused.
  const stop = async (signal: string) => {
    console.log(`${signal}: finishing open requests (at most ${config.shutdownTimeoutMs / 1000} s), then stopping.`)
    const deadline = setTimeout(() => {
      console.log(`${signal}: requests still open after ${config.shutdownTimeoutMs / 1000} s; closing them.`)
      app.server.closeAllConnections()
      setTimeout(() => process.exit(0), 1_000).unref()
    }, config.shutdownTimeoutMs)
    deadline.unref()
    await app.close()
    await service.close()
    process.exit(0)
  }
  process.once("SIGTERM", () => void stop("SIGTERM"))
  process.once("SIGINT", () => void stop("SIGINT"))
}

main().catch((error: Error) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
