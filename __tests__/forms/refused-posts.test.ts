/**
 * Posts the forms refuse for what they hold: text that is not UTF-8 (invalid
 * bytes, lone surrogates) and a script's post that does not say how long the
 * form was on screen. The production server as its own process, a temporary
 * store, loopback only.
 */
import fs from "fs"
import path from "path"
import { cleanUpAll, startFormServer, type FormServer } from "../support/form-server"
import { person, postJson, request } from "../support/http"

jest.setTimeout(120_000)
afterAll(() => cleanUpAll())

describe("invalid UTF-8 and lone surrogates", () => {
  let server: FormServer
  beforeAll(async () => {
    server = await startFormServer({ FORMS_RATE_LIMIT: "100000" })
  })
  afterAll(() => server?.stop())

  const form = (message: string) => `username=Ada&email=ada%40example.com&phone=%2B1+555+010+0100&subject=Quote&message=${message}`

  it("refuses them with 400 naming the field, and stores nothing", async () => {
    for (const bad of ["caf%C3%28", "%C0%AF", "%ED%A0%80", "caf%E9", "%F4%90%80%80", "%FF"]) {
      for (const accept of ["application/json", "text/html"]) {
        const reply = await request(server.url, "/api/contact", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", accept },
          body: form(bad),
        })
        expect([bad, accept, reply.status]).toEqual([bad, accept, 400])
        if (accept === "application/json")
          expect([bad, JSON.parse(reply.text).errors]).toEqual([bad, [expect.objectContaining({ field: "message", code: "not_text" })]])
      }
    }
    const surrogate = '{"username":"Ada","email":"ada@example.com","phone":"+1 555 010 0100","subject":"Quote","message":"half \\ud800 a pair","fillMs":6000}'
    const reply = await request(server.url, "/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: surrogate,
    })
    expect([reply.status, JSON.parse(reply.text).errors]).toEqual([400, [expect.objectContaining({ field: "message", code: "not_text" })]])
    expect(
      fs.existsSync(path.join(server.dataDir, "contact", "submissions")) ? fs.readdirSync(path.join(server.dataDir, "contact", "submissions")) : [],
    ).toEqual([])
    // and well-formed text in every script still arrives as it was typed
    const good = await request(server.url, "/api/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: form(encodeURIComponent("Grüße, 你好, 🙂 100% + more")),
    })
    expect(good.status).toBe(201)
    const stored = JSON.parse(fs.readFileSync(path.join(server.dataDir, "contact", "submissions", `${JSON.parse(good.text).id}.json`), "utf8"))
    expect(stored.values.message).toBe("Grüße, 你好, 🙂 100% + more")
  })
})

describe("a script's post without its fill time", () => {
  let server: FormServer
  beforeAll(async () => {
    server = await startFormServer({ FORMS_RATE_LIMIT: "3", TRUST_PROXY: "1" })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it("refuses a script's post that does not say how long the form was on screen", async () => {
    const { fillMs: _fillMs, ...withoutFillTime } = person("no-fill-time")
    const reply = await postJson(server.url, "subscribe", { email: withoutFillTime.email }, { "x-forwarded-for": "203.0.113.9" })
    expect(reply.status).toBe(422)
    expect(JSON.parse(reply.text).errors).toEqual([expect.objectContaining({ code: "too_fast" })])
  })
})
