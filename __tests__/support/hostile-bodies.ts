/**
 * The fuzz's families about what a post says: valid posts, valid ones with
 * hostile content, wrong types, sizes, broken JSON, percent-encoding and
 * UTF-8 (__tests__/support/hostile-kit.ts).
 */
import { FIELDS, FORM_TYPE } from "./form-requests"
import { BAD_BYTES, ODD_TYPES, VICTIM, type Families, type FuzzCase, type FuzzKit } from "./hostile-kit"

export function bodyFamilies({ random, int, pick, validContact, json, scripted, form, headersFor, wrongValues }: FuzzKit): Families {
  return {
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
  }
}
