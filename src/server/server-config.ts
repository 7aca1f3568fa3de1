import net from "net"
import { ConfigError } from "../forms/environment"

/** How the production server is set up; every value comes from the environment (docs/forms.md). */
export interface ServerConfig {
  port: number
  host: string
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): false,
   * a number of proxy hops in front of the server, or the proxies' addresses
   * and ranges. Never "every hop": a client can write any X-Forwarded-For.
   */
  trustProxy: false | number | string[]
  /** A request's headers must have arrived within this time */
  headersTimeoutMs: number
  /** A whole request, body included, must have arrived within this time */
  requestTimeoutMs: number
  /** After SIGTERM, open connections get this long to finish; then they are closed */
  shutdownTimeoutMs: number
  logRequests: boolean
}

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]
  if (raw === undefined || raw === "") return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max)
    throw new ConfigError(`${name} is "${raw}"; it must be a whole number from ${min} to ${max} (default ${fallback}).`)
  return value
}

const isAddressOrRange = (entry: string) => {
  const [address, bits, ...rest] = entry.split("/")
  const family = net.isIP(address ?? "")
  if (!family || rest.length) return false
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128))
}

/**
 * TRUST_PROXY: unset (or "false") trusts no proxy; a number is how many
 * proxies stand in front of the server (1 behind one nginx or load
 * balancer), and the address the last of them saw is the client's; a list of
 * addresses or ranges (10.0.0.0/8, ::1) trusts those proxies only.
 * "true" would believe every hop, so a client could name any address in
 * X-Forwarded-For and pass the rate limit: refused.
 */
export function parseTrustProxy(raw: string | undefined): ServerConfig["trustProxy"] {
  const value = (raw ?? "").trim()
  if (value === "" || value === "false" || value === "0") return false
  if (value === "true") {
    throw new ConfigError(
      'TRUST_PROXY is "true", which would believe every X-Forwarded-For hop, so any client could choose its own address. Set the number of proxies in front of the server (1 behind one reverse proxy) or their addresses (e.g. 10.0.0.5 or 10.0.0.0/8).',
    )
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    if (hops > 10) throw new ConfigError(`TRUST_PROXY is "${value}"; a number of proxy hops must be from 1 to 10.`)
    return hops
  }
  const entries = value.split(",").map((entry) => entry.trim())
  const bad = entries.filter((entry) => !isAddressOrRange(entry))
  if (bad.length)
    throw new ConfigError(
      `TRUST_PROXY is "${value}"; ${bad.map((entry) => `"${entry}"`).join(", ")} is not an IP address or range. Use a number of proxy hops or a comma-separated list of addresses and ranges.`,
    )
  return entries
}

export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: whole(env, "PORT", 9000, 0, 65535),
    host: env.HOST || "127.0.0.1",
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    headersTimeoutMs: whole(env, "SERVER_HEADERS_TIMEOUT_MS", 10_000, 100, 600_000),
    requestTimeoutMs: whole(env, "SERVER_REQUEST_TIMEOUT_MS", 30_000, 100, 600_000),
    shutdownTimeoutMs: whole(env, "SERVER_SHUTDOWN_TIMEOUT_MS", 10_000, 0, 600_000),
    logRequests: env.LOG_REQUESTS === "true",
  }
}
