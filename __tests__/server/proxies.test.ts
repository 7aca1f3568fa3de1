/**
 * The production server behind a proxy (TRUST_PROXY): the rate limit counts
 * the visitor the proxy saw, whatever the visitor writes into
 * X-Forwarded-For, and a setting that would trust every hop stops the start.
 * Real server processes on loopback.
 */
import { cleanUpAll, startFormServer, type FormServer } from "../support/form-server"
import { person, postJson } from "../support/http"

jest.setTimeout(120_000)
afterAll(() => cleanUpAll())

describe("behind one proxy (TRUST_PROXY=1)", () => {
  let server: FormServer
  beforeAll(async () => {
    server = await startFormServer({ FORMS_RATE_LIMIT: "3", TRUST_PROXY: "1" })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it("limits posts per visitor behind one proxy, whatever the visitor writes into X-Forwarded-For", async () => {
    const statuses: number[] = []
    for (let index = 1; index <= 6; index += 1) {
      statuses.push((await postJson(server.url, "contact", person(`proxy${index}`), { "x-forwarded-for": `5.5.5.${index}, 203.0.113.7` })).status)
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429])
    // another visitor, as the proxy saw it, has posts of its own
    expect((await postJson(server.url, "contact", person("proxy-other"), { "x-forwarded-for": "203.0.113.8" })).status).toBe(201)
  })
})

describe("TRUST_PROXY=true", () => {
  it("stops the start with a message: it would let any client choose its address", async () => {
    await expect(startFormServer({ TRUST_PROXY: "true" })).rejects.toThrow(/TRUST_PROXY is "true".*every X-Forwarded-For hop/)
  })
})
