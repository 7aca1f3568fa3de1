import fs from "fs"
import path from "path"
import gatsbyConfig from "../../gatsby-config"
import { ConfigError } from "../forms/config"
import { formService } from "../forms/service"
import { buildServer } from "./app"
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
  const headersFor = routeHeaders(gatsbyConfig.headers ?? [], readSiteRoutes(routesFile))
  const port = Number(env.PORT || 9000)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT is "${env.PORT}"; it must be a port number.`)
  const host = env.HOST || "127.0.0.1"
  const trustProxy = env.TRUST_PROXY === "true" ? true : env.TRUST_PROXY || false
  const service = formService()
  const app = await buildServer({ publicDir, service, headersFor, trustProxy, logger: env.LOG_REQUESTS === "true" })
  await app.listen({ port, host })
  const address = app.server.address()
  console.log(`Serving ${publicDir} and the form endpoints at http://${host}:${typeof address === "object" && address ? address.port : port}`)

  const stop = async (signal: string) => {
    console.log(`${signal}: finishing open requests, then stopping.`)
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
