/**
 * The fuzz's families about how a request is framed and addressed: content
 * types, charsets, prototype keys, header injection, address tricks,
 * methods, bot signals, idempotency keys, nesting, repeated fields,
 * encodings, and junk confirmation links (__tests__/support/hostile-kit.ts).
 */
import zlib from "zlib"
import { FORM_TYPE, type Values } from "./form-requests"
import { INJECTIONS, ODD_TYPES, VICTIM, type Families, type FuzzKit } from "./hostile-kit"

export function framingFamilies({ random, int, pick, validContact, json, form, headersFor, wrongValues }: FuzzKit): Families {
  return {
    "content-type": (n) => {
      const values = validContact(n)
      const body = random() < 0.5 ? json(values) : form(values)
      const variant = int(0, 4)
      if (variant === 0)
        return {
          family: "content-type",
          endpoint: pick(["contact", "subscribe"] as const),
          method: "POST",
          headers: headersFor(pick(ODD_TYPES)),
          body,
          expect: "4xx",
        }
      if (variant === 1) return { family: "content-type", endpoint: "contact", method: "POST", headers: headersFor(undefined), body, expect: "4xx" }
      if (variant === 2) return { family: "content-type", endpoint: "contact", method: "POST", headers: headersFor(""), body, expect: "4xx" }
      const boundary = `----fuzz${int(0, 1e9)}`
      const parts = Object.entries(values)
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join("")
      const multipart = `${parts}--${boundary}--\r\n`
      const type = pick([
        `multipart/form-data; boundary=${boundary}`,
        "multipart/form-data",
        "multipart/form-data; boundary=",
        `multipart/form-data; boundary="${boundary}`,
        `multipart/form-data; boundary=other`,
      ])
      return {
        family: "content-type",
        endpoint: pick(["contact", "subscribe"] as const),
        method: "POST",
        headers: headersFor(type),
        body: variant === 3 ? multipart : multipart.slice(0, int(1, multipart.length - 1)),
        expect: "4xx",
      }
    },
    "charset-odd": (n) => {
      const values: Record<string, string> = { ...validContact(n) }
      delete values[pick(["username", "email", "phone", "subject"])] // invalid however the charset is read
      const asJson = random() < 0.5
      const charset = pick(["utf-16", "UTF-16LE", "iso-8859-1", "shift_jis", "x-unknown", '"utf-8', "utf-8; charset=latin1", ";;;", "utf-7"])
      return {
        family: "charset-odd",
        endpoint: "contact",
        method: "POST",
        headers: headersFor(`${asJson ? "application/json" : FORM_TYPE}; charset=${charset}`),
        body: asJson ? json(values) : form(values),
        expect: "4xx",
      }
    },
    "proto-keys": (n) => {
      const values = validContact(n)
      const variant = int(0, 4)
      const valid = json(values)
      if (variant === 0)
        return {
          family: "proto-keys",
          endpoint: "contact",
          method: "POST",
          headers: headersFor("application/json"),
          body: valid.replace("{", '{"__proto__":{"isAdmin":true},'),
          expect: "4xx",
        }
      if (variant === 1)
        return {
          family: "proto-keys",
          endpoint: "contact",
          method: "POST",
          headers: headersFor("application/json"),
          body: valid.replace("{", '{"constructor":{"prototype":{"isAdmin":true}},'),
          expect: "4xx",
        }
      if (variant === 2)
        return {
          family: "proto-keys",
          endpoint: "subscribe",
          method: "POST",
          headers: headersFor("application/json"),
          body: '{"email":{"__proto__":{"toString":"x"}}}',
          expect: "4xx",
        }
      if (variant === 3)
        return {
          family: "proto-keys",
          endpoint: "contact",
          method: "POST",
          headers: headersFor(FORM_TYPE),
          body: `__proto__=x&constructor=y&${form({ ...values, email: "" })}`,
          expect: "4xx",
        }
      return {
        family: "proto-keys",
        endpoint: "subscribe",
        method: "POST",
        headers: headersFor(FORM_TYPE),
        body: "__proto__[email]=a%40example.com&constructor[prototype][email]=a%40example.com",
        expect: "4xx",
      }
    },
    "header-injection": (n) => {
      const values = validContact(n)
      const injection = pick(INJECTIONS)
      const field = pick(["subject", "email", "username", "phone"] as const)
      const subscribe = random() < 0.3
      const asJson = random() < 0.5
      const bad = subscribe
        ? { email: `a@example.com${injection.slice(1)}` }
        : { ...values, [field]: field === "email" ? `ada@example.com${injection.slice(1)}` : injection }
      return {
        family: "header-injection",
        endpoint: subscribe ? "subscribe" : "contact",
        method: "POST",
        headers: headersFor(asJson ? "application/json" : FORM_TYPE),
        body: asJson ? json(bad) : form(bad as Record<string, string>),
        expect: "4xx",
      }
    },
    "address-tricks": () => ({
      family: "address-tricks",
      endpoint: "subscribe",
      method: "POST",
      headers: headersFor("application/json"),
      body: json({
        email: pick([
          `a@example.com,${VICTIM}`,
          `a@example.com;${VICTIM}`,
          `"${VICTIM}"@example.com`,
          `<${VICTIM}>`,
          `Eve <${VICTIM}>`,
          `a@example.com ${VICTIM}`,
          "a@b",
          "@example.com",
          "a@@example.com",
          `${"a".repeat(250)}@example.com`,
          "a@example.com\u0000",
          "a@[127.0.0.1]",
          "",
          "   ",
        ]),
      }),
      expect: "4xx",
    }),
    method: (n) => {
      const method = pick(["PUT", "DELETE", "PATCH", "GET", "OPTIONS", "HEAD", "TRACE"])
      const withBody = method !== "GET" && method !== "HEAD" && random() < 0.6
      return {
        family: "method",
        endpoint: pick(["contact", "subscribe"] as const),
        method,
        headers: headersFor(withBody ? "application/json" : undefined),
        ...(withBody ? { body: json(validContact(n)) } : {}),
        expect: "4xx",
      }
    },
    "bot-signals": (n) => {
      const values = validContact(n)
      const variant = int(0, 2)
      const extra: Record<string, string> =
        variant === 0
          ? { website: pick(["http://spam.example", "x", " ", "0"]) }
          : variant === 1
            ? { fillMs: pick(["0", "2999", "-5", "abc", "Infinity", "NaN", "1e-3"]) }
            : { fillMs: "100", website: "y" }
      return {
        family: "bot-signals",
        endpoint: pick(["contact", "subscribe"] as const),
        method: "POST",
        headers: headersFor(random() < 0.5 ? "application/json" : FORM_TYPE),
        body: random() < 0.5 ? json({ ...values, ...extra }) : form({ ...values, ...extra }),
        expect: "4xx",
      }
    },
    "bad-idempotency-key": (n) => {
      const values = validContact(n)
      const key = pick(["short", "x".repeat(101), "has space in it", "../../etc/passwd", "semi;colon;key", "quote'key'12", "key%00nullbyte", "ünïcödé-kéy-123"])
      if (random() < 0.5 && /^[\x20-\x7e]*$/.test(key))
        return {
          family: "bad-idempotency-key",
          endpoint: "contact",
          method: "POST",
          headers: { ...headersFor("application/json"), "idempotency-key": key },
          body: json(values),
          expect: "4xx",
        }
      return {
        family: "bad-idempotency-key",
        endpoint: "contact",
        method: "POST",
        headers: headersFor("application/json"),
        body: json({ ...values, idempotencyKey: random() < 0.3 ? pick(wrongValues.filter((value) => value !== null && value !== false)) : key }),
        expect: "4xx",
      }
    },
    "deep-nesting": () => {
      const depth = int(100, 20000)
      const variant = int(0, 2)
      const body =
        variant === 0
          ? `${"[".repeat(depth)}${"]".repeat(depth)}`
          : variant === 1
            ? `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`
            : `{"username":${"[".repeat(depth)}"x"${"]".repeat(depth)}}`
      return {
        family: "deep-nesting",
        endpoint: pick(["contact", "subscribe"] as const),
        method: "POST",
        headers: headersFor("application/json"),
        body,
        expect: "4xx",
      }
    },
    "repeated-fields": (n) => {
      const values = validContact(n)
      const field = pick(["username", "email", "phone", "subject", "message"])
      return {
        family: "repeated-fields",
        endpoint: "contact",
        method: "POST",
        headers: headersFor(FORM_TYPE),
        body: `${form(values)}&${field}=${encodeURIComponent(values[field as keyof Values] || "again")}`,
        expect: "4xx",
      }
    },
    "content-encoding": (n) => {
      const raw = Buffer.from(json(validContact(n)))
      const encoding = pick(["gzip", "deflate", "br"] as const)
      const body = encoding === "gzip" ? zlib.gzipSync(raw) : encoding === "deflate" ? zlib.deflateSync(raw) : zlib.brotliCompressSync(raw)
      return {
        family: "content-encoding",
        endpoint: "contact",
        method: "POST",
        headers: { ...headersFor("application/json"), "content-encoding": encoding },
        body,
        expect: "4xx",
      }
    },
    "confirm-junk": () => {
      const token = pick([
        "",
        "x",
        `${"a".repeat(64)}.${"b".repeat(43)}`,
        `${"g".repeat(64)}.${"b".repeat(43)}`,
        "%ff%fe",
        `${"0".repeat(64)}.${"=".repeat(43)}`,
        "../../../etc/passwd",
      ])
      const method = pick(["GET", "POST", "PUT", "DELETE"])
      if (method === "POST")
        return {
          family: "confirm-junk",
          endpoint: "subscribe-confirm",
          method,
          headers: headersFor(pick([FORM_TYPE, "application/json", "text/plain"])),
          body: random() < 0.5 ? `token=${token}&token=${token}` : json({ token: random() < 0.5 ? token : [token] }),
          expect: "4xx",
        }
      return { family: "confirm-junk", endpoint: "subscribe-confirm", method, headers: headersFor(undefined), expect: "4xx", query: `?token=${token}` }
    },
  }
}
