/**
 * Every endpoint fed malformed and hostile requests (header injection, bad
 * bytes, odd content types, encodings, sizes): 4xx or success, never 5xx,
 * never a crash, never a stray e-mail. Prints one line (FORMS-FUZZ) with its
 * counts.
 *
 * The production server (src/server/main.ts) as its own process, a real SMTP
 * server on loopback, real files in a temporary FORMS_DATA_DIR; nothing is
 * mocked. Shared helpers: __tests__/support/form-requests.ts.
 *
 *   npx jest --selectProjects forms --runInBand
 */
import http from "http"
import zlib from "zlib"
import { cleanUpAll, startFormServer, startSmtp } from "../support/form-server"
import {
  MAIL_TO,
  MAIL_FROM,
  SITE_URL,
  FIELDS,
  type Values,
  send,
  FORM_TYPE,
  postJson,
  person,
  submissions,
  addresses,
  submissionIdOf,
  headerBlock,
  mulberry32,
  pool,
} from "../support/form-requests"
import { sleep } from "../support/sleep"

afterAll(async () => {
  await cleanUpAll()
}, 30_000)

// ---------------------------------------------------------------------------
// The fuzz: every case knows whether it is a valid request ("ok": 2xx, or 303 for a plain form post) or not ("4xx")

type Expectation = "ok" | "4xx"
interface FuzzCase {
  family: string
  endpoint: "contact" | "subscribe" | "subscribe-confirm"
  method: string
  headers: Record<string, string>
  body?: string | Buffer
  chunks?: Buffer[]
  expect: Expectation
  /** For a valid contact case: the values the store must hold (after its trimming) */
  values?: Values
  /** For a valid subscribe case: the address a confirmation goes to */
  subscriber?: string
  /** Query string for subscribe-confirm */
  query?: string
}

const VICTIM = "victim@example.com"
const INJECTIONS = [
  `x\r\nBcc: ${VICTIM}`,
  `x\nBcc: ${VICTIM}`,
  `x\rBcc: ${VICTIM}`,
  `x\r\nCc: ${VICTIM}\r\nX-Extra: 1`,
  `x\u2028Bcc: ${VICTIM}`,
  `x\u2029To: ${VICTIM}`,
  `x\r\n\r\nbody`,
]
const BAD_BYTES = [
  Buffer.from([0xff]),
  Buffer.from([0xfe, 0xff]),
  Buffer.from([0xc3]),
  Buffer.from([0xc3, 0x28]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xf8, 0x88, 0x80, 0x80, 0x80]),
  Buffer.from([0xe2, 0x82]),
]
const ODD_TYPES = [
  "text/plain",
  "application/xml",
  "text/xml",
  "text/html",
  "application/jsonx",
  "application/json-patch+json",
  "application/x-www-form-urlencodedx",
  "*/*",
  "image/png",
  "application/octet-stream",
  "multipart/mixed",
]
const TEXT_POOL = [
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.,;:!?'\"()[]{}<>&%#@/\\|*+=~^`$éèüßñçøåÆŒ—–…«»“”‘’€£¥",
  "中",
  "文",
  "日",
  "本",
  "한",
  "ع",
  "ב",
  "🌿",
  "🔥",
  "✓",
  "\u200b",
  "\u00a0",
]

function fuzzCases(seed: number, count: number): FuzzCase[] {
  const random = mulberry32(seed)
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
  const text = (length: number) => Array.from({ length }, () => pick(TEXT_POOL)).join("")
  /** Single-line text that starts and ends with a letter, so trimming leaves it as it is */
  const line = (tag: string) => `A${text(int(0, 40))}${tag}Z`
  const validContact = (n: number): Values => ({
    username: line(`-u${n}-`),
    email: `fuzz.${n}.${int(0, 99999)}@example.com`,
    phone: `+1 (555) 01${int(0, 9)}-${String(int(0, 9999)).padStart(4, "0")}`,
    subject: line(`-s${n}-`),
    message: random() < 0.2 ? "" : `B${text(int(0, 300))}\n${text(int(0, 100))}Z`,
  })
  const json = (value: unknown) => JSON.stringify(value)
  /** JSON as the page's script posts it: with how long the form was on screen */
  const scripted = (value: object) => json({ ...value, fillMs: int(3000, 600000) })
  const form = (value: Record<string, string>) => new URLSearchParams(value).toString()
  const accept = () => pick(["application/json", "text/html", "*/*", "", "application/json, text/plain", "text/html;q=0.9, application/json;q=0.8"])
  const headersFor = (type: string | undefined, acceptValue = accept()) => ({
    ...(type === undefined ? {} : { "content-type": type }),
    ...(acceptValue ? { accept: acceptValue } : {}),
  })
  const wrongValues: unknown[] = [42, -1, 1e308, 0, true, false, null, [], ["a", "b"], {}, { nested: { deeper: ["x"] } }, [{ a: 1 }], { toString: "x" }]

  const families: Record<string, (n: number) => FuzzCase> = {
    "valid-contact": (n) => {
      const values = validContact(n)
      const asJson = random() < 0.5
      const body = asJson ? json({ ...values, website: "", fillMs: int(3000, 600000) }) : form({ ...values, website: "" })
      const chunked = random() < 0.3
      const buffer = Buffer.from(body)
      const cut = int(1, buffer.length - 1)
      return {
        family: "valid-contact",
        endpoint: "contact",
        method: "POST",
        headers: headersFor(asJson ? "application/json" : FORM_TYPE),
        ...(chunked ? { chunks: [buffer.subarray(0, cut), buffer.subarray(cut)] } : { body }),
        expect: "ok",
        values,
      }
    },
    "valid-subscribe": (n) => {
      const email = `fuzz.sub${n}.${int(0, 99999)}@example.com`
      const asJson = random() < 0.5
      return {
        family: "valid-subscribe",
        endpoint: "subscribe",
        method: "POST",
        headers: headersFor(asJson ? "application/json" : FORM_TYPE),
        body: asJson ? scripted({ email }) : form({ email }),
        expect: "ok",
        subscriber: email,
      }
    },
    // Valid requests with hostile but harmless content: must be stored as sent and mailed without any extra recipient
    "valid-hostile": (n) => {
      const values = validContact(n)
      const variant = int(0, 11)
      const base: FuzzCase = { family: "valid-hostile", endpoint: "contact", method: "POST", headers: headersFor("application/json"), expect: "ok", values }
      switch (variant) {
        case 0:
          values.message = `hi\r\nBcc: ${VICTIM}\r\n\r\n.\r\nMAIL FROM:<x@example.com>\r\nRCPT TO:<${VICTIM}>\r\nDATA`
          return { ...base, body: scripted(values), values: { ...values, message: values.message.replace(/\r\n/g, "\n") } }
        case 1:
          values.username = `Eve <${VICTIM}>, "Mallory" <victim2@example.com>; -u${n}-`
          return { ...base, body: scripted(values) }
        case 2:
          values.subject = `Bcc: ${VICTIM} -s${n}- To: ${VICTIM}`
          return { ...base, body: scripted(values) }
        case 3:
          // NEL, a C1 control character: refused in every field (a mail client may treat it as a line break)
          values.subject = `Hi\u0085Bcc: ${VICTIM} -s${n}-`
          return { ...base, body: scripted(values), expect: "4xx", values: undefined }
        case 4:
          return {
            ...base,
            headers: headersFor(FORM_TYPE),
            body: `__proto__=polluted&constructor=x&__proto__[admin]=1&constructor[prototype][admin]=1&${form(values)}`,
          }
        case 5:
          return { ...base, body: scripted({ constructor: "x", hasOwnProperty: "y", toString: "z", ...values }) }
        case 6:
          return { ...base, body: scripted(values).replace("{", `{"username":"overridden earlier key",`) } // JSON: the last duplicate key wins
        case 7:
          return {
            ...base,
            headers: headersFor(FORM_TYPE),
            body: Buffer.concat([Buffer.from(`${form(values)}&extra=`), pick(BAD_BYTES), Buffer.from("&junk=%zz%E0%A4%&%")]),
          }
        case 8:
          return {
            ...base,
            headers: headersFor(
              pick([
                "application/json; charset=utf-8",
                "application/json; charset=UTF-8",
                "APPLICATION/JSON;CHARSET=utf8",
                'application/json; charset="utf-8"',
                "application/json ; charset=utf-8 ; foo=bar",
              ]),
            ),
            body: scripted(values),
          }
        case 9: {
          // Invalid UTF-8 inside a field of an otherwise valid post: it decodes to U+FFFD, and bytes that are not text are refused
          const bad = pick(BAD_BYTES)
          const raw = Buffer.concat([Buffer.from(`${scripted(values).slice(0, -1)},"username":"A-u${n}-`), bad, Buffer.from(`Z"}`)])
          return { ...base, body: raw, expect: "4xx", values: undefined }
        }
        case 10:
          return { ...base, headers: { ...headersFor("application/json"), "idempotency-key": `fuzz-key-${n}-${int(100000, 999999)}` }, body: scripted(values) }
        default:
          return { ...base, body: json({ ...values, website: "", fillMs: String(int(3000, 99999)), unknown: { deep: [1, 2, { x: null }] } }) }
      }
    },
    "wrong-type": (n) => {
      const values: Record<string, unknown> = { ...validContact(n) }
      const field = pick([...FIELDS, "website", "fillMs", "idempotencyKey"])
      let value = pick(wrongValues)
      if (field === "fillMs" && typeof value === "number" && value >= 3000) value = 12 // a number >= 3000 is a valid fill time
      if (field === "website" && value === null) value = 0
      values[field] = value
      const subscribe = random() < 0.25
      return {
        family: "wrong-type",
        endpoint: subscribe ? "subscribe" : "contact",
        method: "POST",
        headers: headersFor("application/json"),
        body: json(subscribe ? { email: pick(wrongValues) } : values),
        expect: "4xx",
      }
    },
    "wrong-top-level": () => ({
      family: "wrong-top-level",
      endpoint: pick(["contact", "subscribe"] as const),
      method: "POST",
      headers: headersFor("application/json"),
      body: pick(["null", "42", '"a string"', "true", "[]", '[{"email":"a@example.com"}]', "1e999", "{}"]),
      expect: "4xx",
    }),
    "too-long": (n) => {
      const values = validContact(n)
      const limits = { username: 120, email: 254, phone: 40, subject: 200, message: 5000 }
      const field = pick(FIELDS)
      const over = limits[field] + int(1, limits[field] * 2)
      values[field] = field === "email" ? `${"a".repeat(over)}@example.com` : field === "phone" ? "5".repeat(over) : "W".repeat(over)
      return {
        family: "too-long",
        endpoint: "contact",
        method: "POST",
        headers: headersFor(random() < 0.5 ? "application/json" : FORM_TYPE),
        body: random() < 0.5 ? json(values) : form(values),
        expect: "4xx",
      }
    },
    "huge-body": (n) => {
      const size = int(101 * 1024, 400 * 1024)
      const values = validContact(n)
      const variant = int(0, 3)
      const filler = "x".repeat(size)
      if (variant === 0)
        return {
          family: "huge-body",
          endpoint: "contact",
          method: "POST",
          headers: headersFor("application/json"),
          body: json({ ...values, message: filler }),
          expect: "4xx",
        }
      if (variant === 1)
        return {
          family: "huge-body",
          endpoint: pick(["contact", "subscribe"] as const),
          method: "POST",
          headers: headersFor(FORM_TYPE),
          body: `${form(values)}&padding=${filler}`,
          expect: "4xx",
        }
      if (variant === 2) {
        const buffer = Buffer.from(json({ ...values, padding: filler }))
        return {
          family: "huge-body",
          endpoint: "contact",
          method: "POST",
          headers: headersFor("application/json"),
          chunks: [buffer.subarray(0, 50_000), buffer.subarray(50_000, 100_000), buffer.subarray(100_000)],
          expect: "4xx",
        }
      }
      return { family: "huge-body", endpoint: "subscribe", method: "POST", headers: headersFor(pick(ODD_TYPES)), body: filler, expect: "4xx" }
    },
    "broken-json": (n) => {
      const body = json({ ...validContact(n) })
      const variant = int(0, 7)
      const broken = [
        body.slice(0, int(1, body.length - 1)),
        `${body}x`,
        body.replace(/"/g, "'"),
        body.replace("{", "{NaN:1,"),
        `/* comment */${body}`,
        "",
        `${body}${body}`,
        body.replace(/:/, "::"),
      ][variant]!
      return {
        family: "broken-json",
        endpoint: pick(["contact", "subscribe"] as const),
        method: "POST",
        headers: headersFor("application/json"),
        body: broken,
        expect: "4xx",
      }
    },
    "broken-percent": (n) => {
      const values = validContact(n)
      const junk = pick(["%", "%z", "%zz", "%E0%A4%A", "%%", "%C3%", "%u0041", "%0", "%G1"])
      if (random() < 0.5) {
        // In the phone field: whatever a decoder makes of it, it is not a phone number
        const { phone: _phone, ...withoutPhone } = values
        return {
          family: "broken-percent",
          endpoint: "contact",
          method: "POST",
          headers: headersFor(FORM_TYPE),
          body: `${form(withoutPhone)}&phone=555${junk}0101`,
          expect: "4xx",
        }
      }
      // With a required field missing (the subject for contact, the address for subscribe)
      const subscribe = random() < 0.3
      const { subject: _subject, ...withoutSubject } = values
      const { email: _email, ...withoutEmail } = values
      return {
        family: "broken-percent",
        endpoint: subscribe ? "subscribe" : "contact",
        method: "POST",
        headers: headersFor(FORM_TYPE),
        body: `${form(subscribe ? withoutEmail : withoutSubject)}&x=${junk}&${junk}=${junk}`,
        expect: "4xx",
      }
    },
    "invalid-utf8": (n) => {
      const values = validContact(n)
      const bad = pick(BAD_BYTES)
      const variant = int(0, 3)
      const { phone: _phone, ...withoutPhone } = values
      if (variant === 0) {
        // In the phone field (urlencoded): never a phone number
        return {
          family: "invalid-utf8",
          endpoint: "contact",
          method: "POST",
          headers: headersFor(FORM_TYPE),
          body: Buffer.concat([Buffer.from(`${form(withoutPhone)}&phone=555`), bad, Buffer.from("0101")]),
          expect: "4xx",
        }
      }
      if (variant === 1) {
        // In the phone field (JSON)
        return {
          family: "invalid-utf8",
          endpoint: "contact",
          method: "POST",
          headers: headersFor("application/json"),
          body: Buffer.concat([Buffer.from(`${json(withoutPhone).slice(0, -1)},"phone":"555`), bad, Buffer.from('0101"}')]),
          expect: "4xx",
        }
      }
      if (variant === 2) {
        // Outside any string: broken JSON
        return {
          family: "invalid-utf8",
          endpoint: pick(["contact", "subscribe"] as const),
          method: "POST",
          headers: headersFor("application/json"),
          body: Buffer.concat([Buffer.from("{"), bad, Buffer.from(json(values).slice(1))]),
          expect: "4xx",
        }
      }
      // In the subscribe address's domain, and nothing else: not an e-mail address
      return {
        family: "invalid-utf8",
        endpoint: "subscribe",
        method: "POST",
        headers: headersFor(FORM_TYPE),
        body: Buffer.concat([Buffer.from("email=a%40example"), bad]),
        expect: "4xx",
      }
    },
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

  const names = Object.keys(families)
  // Every family equally often; the content of each case from the PRNG
  return Array.from({ length: count }, (_, n) => families[names[n % names.length]!]!(n))
}

describe("fuzz: malformed and hostile requests", () => {
  it("answers every one with 4xx (or success when it was actually valid), never 5xx, never crashes, never lets a recipient in", async () => {
    const SEED = 0x5eed_f0f0
    const COUNT = 1_260
    const cases = fuzzCases(SEED, COUNT)
    const smtp = await startSmtp()
    const server = await startFormServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_TO, MAIL_FROM, SITE_URL, FORMS_RATE_LIMIT: "1000000" })
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 })
    try {
      const started = Date.now()
      const outcomes = await pool(cases.length, 16, async (index) => {
        const fuzz = cases[index]!
        try {
          const reply = await send(server.url, {
            method: fuzz.method,
            path: `/api/${fuzz.endpoint}${fuzz.query ?? ""}`,
            headers: fuzz.headers,
            body: fuzz.body,
            chunks: fuzz.chunks,
            agent,
            timeoutMs: 20_000,
          })
          return { fuzz, reply, error: undefined as Error | undefined }
        } catch (error) {
          return { fuzz, reply: undefined, error: error as Error }
        }
      })
      const elapsed = Date.now() - started

      const answered = outcomes.filter((outcome) => outcome.reply)
      const byClass = (klass: number) => answered.filter((outcome) => Math.floor(outcome.reply!.status / 100) === klass).length
      const success = (status: number) => (status >= 200 && status < 300) || status === 303
      const mismatched = answered.filter((outcome) =>
        outcome.fuzz.expect === "ok" ? !success(outcome.reply!.status) : outcome.reply!.status < 400 || outcome.reply!.status >= 500,
      )
      const errors = outcomes.filter((outcome) => outcome.error)
      const families = new Map<string, number>()
      for (const outcome of outcomes) families.set(outcome.fuzz.family, (families.get(outcome.fuzz.family) ?? 0) + 1)

      // The server is still up and answers a valid post
      const after = await postJson(server.url, "contact", person("afterfuzz"))
      expect(after.status).toBe(201)
      expect(server.child.exitCode).toBeNull()

      // Mail: one per valid contact post, one per valid subscribe address, and nothing to anyone else
      const okContacts = cases.filter((fuzz) => fuzz.expect === "ok" && fuzz.endpoint === "contact")
      const okSubscribers = new Set(cases.filter((fuzz) => fuzz.expect === "ok" && fuzz.subscriber).map((fuzz) => fuzz.subscriber!.toLowerCase()))
      const expectedMails = okContacts.length + okSubscribers.size + 1
      await smtp.waitFor(expectedMails, 60_000).catch(() => undefined)
      await sleep(1_000)
      const injected = smtp.messages.filter((mail) => {
        const recipients = [
          ...mail.envelope.to,
          ...addresses(mail.parsed.to).map((address) => address.address ?? ""),
          ...addresses(mail.parsed.cc).map((address) => address.address ?? ""),
          ...addresses(mail.parsed.bcc).map((address) => address.address ?? ""),
        ]
        const isContact = submissionIdOf(mail) !== ""
        const expectedTo = isContact ? [MAIL_TO] : mail.envelope.to.filter((to) => okSubscribers.has(to.toLowerCase()))
        return (
          mail.envelope.to.length !== 1 ||
          JSON.stringify(mail.envelope.to) !== JSON.stringify(expectedTo) ||
          recipients.some((address) => /victim/i.test(address)) ||
          mail.parsed.cc !== undefined ||
          mail.parsed.bcc !== undefined ||
          /^(bcc|cc|x-extra)\s*:/im.test(headerBlock(mail)) ||
          (isContact && addresses(mail.parsed.replyTo).length !== 1) ||
          addresses(mail.parsed.replyTo).some((address) => /victim/i.test(address.address ?? ""))
        )
      })

      // The store holds exactly the valid contact posts, with the values sent
      const stored = submissions(server.dataDir).filter((record) => record.values.username !== person("afterfuzz").username)
      const expectedUsernames = okContacts.map((fuzz) => fuzz.values!.username).sort()
      const storedUsernames = stored.map((record) => record.values.username!).sort()
      const wrongValues = okContacts.filter((fuzz) => {
        const record = stored.find((candidate) => candidate.values.username === fuzz.values!.username)
        return !record || JSON.stringify(record.values) !== JSON.stringify(fuzz.values)
      })

      console.log(
        `FORMS-FUZZ seed=0x${SEED.toString(16)} total=${outcomes.length} families=${families.size} expectedValid=${cases.filter((fuzz) => fuzz.expect === "ok").length} ` +
          `2xx=${byClass(2)} 3xx=${byClass(3)} 4xx=${byClass(4)} 5xx=${byClass(5)} connectionErrors=${errors.length} mismatched=${mismatched.length} ` +
          `mails=${smtp.messages.length}/${expectedMails} injectedRecipients=${injected.length} storedContacts=${stored.length}/${okContacts.length} elapsedMs=${elapsed}`,
      )

      const explain = (outcome: (typeof outcomes)[number]) =>
        `${outcome.fuzz.family} ${outcome.fuzz.method} /api/${outcome.fuzz.endpoint} ${JSON.stringify(outcome.fuzz.headers)} ${String(outcome.fuzz.body ?? "").slice(0, 120)} -> ${outcome.reply?.status ?? outcome.error?.message} ${outcome.reply?.text.slice(0, 160) ?? ""}`
      expect(outcomes.length).toBeGreaterThanOrEqual(1_000)
      expect(families.size).toBeGreaterThanOrEqual(20)
      expect(byClass(5)).toBe(0)
      expect(errors.map(explain)).toEqual([])
      expect(mismatched.map(explain)).toEqual([])
      expect(byClass(4)).toBeGreaterThan(800)
      expect(okContacts.length).toBeGreaterThan(50)
      expect(injected.map((mail) => headerBlock(mail))).toEqual([])
      expect(smtp.messages).toHaveLength(expectedMails)
      expect(storedUsernames).toEqual(expectedUsernames)
      expect(wrongValues.map((fuzz) => fuzz.values)).toEqual([])
      expect(submissions(server.dataDir, "subscribe")).toHaveLength(cases.filter((fuzz) => fuzz.expect === "ok" && fuzz.endpoint === "subscribe").length)
    } finally {
      agent.destroy()
      await server.stop()
      await smtp.close()
    }
  }, 120_000)
})
