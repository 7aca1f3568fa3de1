/**
 * The form posts that once cost the server more than their size (issue 36,
 * defect 1), and a bounded way to see that they no longer hold anyone up: a
 * GET sent while such a post is in flight must be answered at once.
 */
import http from "http"
import { MAX_FIELDS } from "../../src/lib/forms/fields"

const valid = new URLSearchParams({
  username: "Ada",
  email: "ada@example.com",
  phone: "+1 555 010 0100",
  subject: "Cost",
  message: "Hello",
  fillMs: "6000",
}).toString()

/** Each under the 100 kB body limit, each ending in a valid form */
export const COSTLY_BODIES: { name: string; body: string }[] = [
  // the red team's 95 s post: a copy of the name's values per repeat made it n²/2
  { name: "30,000 repeats of a=", body: `${"a=&".repeat(30_000)}${valid}` },
  // 87.7 s: the same with bare names
  { name: "48,000 bare names a", body: `${"a&".repeat(48_000)}${valid}` },
  { name: "11,000 distinct names", body: `${Array.from({ length: 11_000 }, (_, index) => `n${index}=`).join("&")}&${valid}` },
  // the red team's own: 33 s
  { name: "25,000 repeats of x=1 in 99,999 bytes", body: "x=1&".repeat(25_000).slice(0, 99_999) },
]

/** A valid form padded with ignored fields to exactly n pairs */
export function formWithFields(n: number): string {
  const pairs = valid.split("&")
  return [...pairs, ...Array.from({ length: n - pairs.length }, (_, index) => `extra${index}=x`)].join("&")
}
export { MAX_FIELDS }

export interface Timed {
  status: number
  ms: number
  text: string
}

/** One request, given up after timeoutMs (status 0 then), with how long its answer took */
export function timedRequest(
  origin: string,
  path: string,
  { method = "GET", headers = {}, body, timeoutMs = 3_000 }: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<Timed> {
  const url = new URL(path, origin)
  const started = performance.now()
  return new Promise((resolve) => {
    let settled = false
    const finish = (status: number, text: string) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve({ status, ms: performance.now() - started, text })
    }
    const outgoing = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        agent: false,
        headers: { ...(body ? { "content-length": String(Buffer.byteLength(body)) } : {}), ...headers },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on("data", (chunk: Buffer) => chunks.push(chunk))
        response.on("end", () => finish(response.statusCode ?? 0, Buffer.concat(chunks).toString("utf8")))
        response.on("error", () => finish(0, ""))
      },
    )
    const timer = setTimeout(() => {
      outgoing.destroy()
      finish(0, "")
    }, timeoutMs)
    outgoing.on("error", () => finish(0, ""))
    outgoing.end(body)
  })
}

/**
 * Posts body to the endpoint and, once the body is on its way, asks for
 * probePath: the post's answer, and the probe's, each with its time. Both
 * are given up after timeoutMs, so a server that blocks cannot hold the test.
 */
export async function postWhileProbing(
  origin: string,
  endpoint: string,
  body: string,
  { probePath = "/robots.txt", accept = "application/json", timeoutMs = 5_000 } = {},
): Promise<{ post: Timed; probe: Timed }> {
  const post = timedRequest(origin, endpoint, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded", accept }, timeoutMs })
  // the post's bytes are written at once on loopback; the probe follows while the server reads and answers it
  await new Promise((resolve) => setTimeout(resolve, 20))
  const probe = timedRequest(origin, probePath, { timeoutMs })
  return { post: await post, probe: await probe }
}
