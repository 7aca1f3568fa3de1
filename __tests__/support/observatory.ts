/**
 * The MDN HTTP Observatory's header tests and score modifiers, applied to one
 * response (its scanner downloads data at install and cannot run here). Rules
 * and points as its scoring documentation gives them; the tests that need
 * TLS or a public host (redirection to https, HSTS preload) are left to the
 * deployment, where TLS is terminated.
 */
export interface Modifier {
  test: string
  result: string
  points: number
}

export interface Grade {
  score: number
  grade: string
  modifiers: Modifier[]
}

const GRADES: [number, string][] = [
  [100, "A+"],
  [90, "A"],
  [85, "A-"],
  [80, "B+"],
  [70, "B"],
  [65, "B-"],
  [60, "C+"],
  [50, "C"],
  [45, "C-"],
  [40, "D+"],
  [30, "D"],
  [25, "D-"],
  [0, "F"],
]

export function parseCsp(header: string | null): Map<string, string[]> | undefined {
  if (!header) return undefined
  const policy = new Map<string, string[]>()
  for (const part of header.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/)
    if (!name) continue
    if (policy.has(name.toLowerCase())) return undefined
    policy.set(name.toLowerCase(), values)
  }
  return policy
}

function csp(headers: Headers): Modifier {
  const test = "content-security-policy"
  const policy = parseCsp(headers.get("content-security-policy"))
  if (!policy) return { test, result: "csp-not-implemented", points: -25 }
  const effective = (name: string) => policy.get(name) ?? policy.get("default-src") ?? []
  const scripts = effective("script-src")
  const styles = effective("style-src")
  const all = [...policy.values()].flat()
  if (scripts.length === 0 && !policy.has("default-src")) return { test, result: "csp-implemented-with-unsafe-inline", points: -20 }
  if (scripts.includes("'unsafe-inline'") || scripts.includes("*") || scripts.includes("data:") || scripts.includes("http:") || scripts.includes("https:")) {
    return { test, result: "csp-implemented-with-unsafe-inline", points: -20 }
  }
  if (all.some((value) => value === "http:" || value.startsWith("http://"))) return { test, result: "csp-implemented-with-insecure-scheme", points: -20 }
  if (all.includes("'unsafe-eval'")) return { test, result: "csp-implemented-with-unsafe-eval", points: -10 }
  if (styles.includes("'unsafe-inline'")) return { test, result: "csp-implemented-with-unsafe-inline-in-style-src-only", points: 0 }
  if ((policy.get("default-src") ?? []).join(" ") === "'none'") return { test, result: "csp-implemented-with-no-unsafe-default-src-none", points: 10 }
  return { test, result: "csp-implemented-with-no-unsafe", points: 5 }
}

function hsts(headers: Headers): Modifier {
  const test = "strict-transport-security"
  const value = headers.get("strict-transport-security")
  if (!value) return { test, result: "hsts-not-implemented", points: -20 }
  const maxAge = Number(/max-age=(\d+)/i.exec(value)?.[1])
  if (!Number.isFinite(maxAge)) return { test, result: "hsts-header-invalid", points: -20 }
  return maxAge >= 15_768_000
    ? { test, result: "hsts-implemented-max-age-at-least-six-months", points: 0 }
    : { test, result: "hsts-implemented-max-age-less-than-six-months", points: -10 }
}

function nosniff(headers: Headers): Modifier {
  const test = "x-content-type-options"
  const value = headers.get("x-content-type-options")
  if (!value) return { test, result: "x-content-type-options-not-implemented", points: -5 }
  return value.trim().toLowerCase() === "nosniff"
    ? { test, result: "x-content-type-options-nosniff", points: 0 }
    : { test, result: "x-content-type-options-header-invalid", points: -5 }
}

function framing(headers: Headers): Modifier {
  const test = "x-frame-options"
  const ancestors = parseCsp(headers.get("content-security-policy"))?.get("frame-ancestors")
  if (ancestors && (ancestors.join(" ") === "'none'" || ancestors.join(" ") === "'self'"))
    return { test, result: "x-frame-options-implemented-via-csp", points: 5 }
  const value = headers.get("x-frame-options")?.trim().toUpperCase()
  if (!value) return { test, result: "x-frame-options-not-implemented", points: -20 }
  return value === "DENY" || value === "SAMEORIGIN"
    ? { test, result: "x-frame-options-sameorigin-or-deny", points: 0 }
    : { test, result: "x-frame-options-header-invalid", points: -20 }
}

function referrer(headers: Headers): Modifier {
  const test = "referrer-policy"
  const value = headers.get("referrer-policy")
  if (!value) return { test, result: "referrer-policy-not-implemented", points: 0 }
  const last =
    value
      .split(",")
      .map((part) => part.trim().toLowerCase())
      .pop() ?? ""
  if (["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"].includes(last))
    return { test, result: "referrer-policy-private", points: 5 }
  if (["origin", "origin-when-cross-origin", "no-referrer-when-downgrade"].includes(last))
    return { test, result: "referrer-policy-no-referrer-when-downgrade", points: 0 }
  return last === "unsafe-url" ? { test, result: "referrer-policy-unsafe", points: -5 } : { test, result: "referrer-policy-header-invalid", points: -5 }
}

function cookies(headers: Headers): Modifier {
  const test = "cookies"
  const set = headers.getSetCookie()
  if (set.length === 0) return { test, result: "cookies-not-found", points: 0 }
  return set.every((cookie) => /;\s*secure/i.test(cookie) && /;\s*httponly/i.test(cookie) && /;\s*samesite/i.test(cookie))
    ? { test, result: "cookies-secure-with-httponly-sessions-and-samesite", points: 5 }
    : { test, result: "cookies-without-secure-flag", points: -20 }
}

function cors(headers: Headers): Modifier {
  const test = "cross-origin-resource-sharing"
  return headers.get("access-control-allow-origin") === "*"
    ? { test, result: "cross-origin-resource-sharing-implemented-with-public-access", points: 0 }
    : { test, result: "cross-origin-resource-sharing-not-implemented", points: 0 }
}

/** Subresource integrity: only scripts from another origin need it. */
function sri(html: string | undefined, origin: string): Modifier {
  const test = "subresource-integrity"
  if (html === undefined) return { test, result: "sri-not-implemented-response-not-html", points: 0 }
  const sources = [...html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)].map((match) => new URL(match[1]!, origin))
  const external = sources.filter((url) => url.origin !== origin)
  if (sources.length === 0) return { test, result: "sri-not-implemented-but-no-scripts-loaded", points: 0 }
  if (external.length === 0) return { test, result: "sri-not-implemented-but-all-scripts-loaded-from-secure-origin", points: 0 }
  return { test, result: "sri-not-implemented-but-external-scripts-loaded-securely", points: -5 }
}

export function grade(headers: Headers, html: string | undefined, origin: string): Grade {
  const modifiers = [csp(headers), cookies(headers), cors(headers), referrer(headers), hsts(headers), sri(html, origin), nosniff(headers), framing(headers)]
  const penalties = modifiers.filter((modifier) => modifier.points < 0).reduce((sum, modifier) => sum + modifier.points, 0)
  const base = 100 + penalties
  // Bonuses count only when the score without them is 90 or more
  const bonus = base >= 90 ? modifiers.filter((modifier) => modifier.points > 0).reduce((sum, modifier) => sum + modifier.points, 0) : 0
  const score = Math.max(0, base + bonus)
  return { score, grade: GRADES.find(([minimum]) => score >= minimum)![1], modifiers }
}
