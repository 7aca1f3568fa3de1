/**
 * A form post costs the production server what its size costs, no more
 * (issue 36, defect 1): one urlencoded post of 90 kB held every request for
 * 95 s. The red team's bodies, each with a GET sent while it is in flight,
 * on the real server process (`npm start`'s); the Gatsby Functions face the
 * same bodies in gatsby-functions.test.ts.
 */
import fs from "fs"
import path from "path"
import { cleanUpAll, startFormServer, type FormServer } from "../support/form-server"
import { COSTLY_BODIES, formWithFields, MAX_FIELDS, postWhileProbing, timedRequest } from "../support/costly-bodies"

jest.setTimeout(120_000)
afterAll(() => cleanUpAll())

/** Under this a GET is answered at once, on this busy 2-core machine too */
const PROMPT_MS = 200

let server: FormServer
beforeAll(async () => {
  server = await startFormServer({ FORMS_RATE_LIMIT: "100000" })
  // warm: the first request loads the page and the service
  await timedRequest(server.url, "/robots.txt")
})
afterAll(() => server?.stop())

const stored = () => {
  const folder = path.join(server.dataDir, "contact", "submissions")
  return fs.existsSync(folder) ? fs.readdirSync(folder).length : 0
}

describe("a post with more fields than a form has", () => {
  it.each(COSTLY_BODIES)("$name: refused at once with 413 naming the limit, and a GET in flight is answered within 200 ms", async ({ body }) => {
    expect(Buffer.byteLength(body)).toBeLessThan(100 * 1024)
    const before = stored()
    const { post, probe } = await postWhileProbing(server.url, "/api/contact", body)
    console.log(
      `FORM-BODY-COST npm start: post ${post.status} in ${post.ms.toFixed(0)} ms; GET /robots.txt in flight: ${probe.status} in ${probe.ms.toFixed(0)} ms`,
    )
    expect(probe.status).toBe(200)
    expect(probe.ms).toBeLessThan(PROMPT_MS)
    expect(post.status).toBe(413)
    expect(post.ms).toBeLessThan(1_000)
    const answer = JSON.parse(post.text) as { ok: boolean; message: string }
    expect(answer.ok).toBe(false)
    expect(answer.message).toContain(String(MAX_FIELDS))
    expect(stored()).toBe(before)
  })

  it("refuses a plain form post with more fields with the forms' page, naming the limit", async () => {
    const { post } = await postWhileProbing(server.url, "/api/contact", COSTLY_BODIES[0]!.body, { accept: "text/html" })
    expect(post.status).toBe(413)
    expect(post.text).toContain("<html")
    expect(post.text).toContain(`more than ${MAX_FIELDS} fields`)
  })

  it("refuses a JSON object with more keys than a form has, and holds nobody up", async () => {
    const keys = Object.fromEntries(Array.from({ length: 8_000 }, (_, index) => [`n${index}`, ""]))
    const post = timedRequest(server.url, "/api/contact", {
      method: "POST",
      body: JSON.stringify({ ...keys, username: "Ada", email: "ada@example.com", phone: "+1 555 010 0100", subject: "x", fillMs: 6000 }),
      headers: { "content-type": "application/json", accept: "application/json" },
    })
    const probe = await timedRequest(server.url, "/robots.txt")
    expect((await post).status).toBe(413)
    expect(JSON.parse((await post).text).message).toContain(String(MAX_FIELDS))
    expect(probe.ms).toBeLessThan(PROMPT_MS)
  })

  it(`takes a form of exactly ${MAX_FIELDS} fields, and refuses one more`, async () => {
    const at = await timedRequest(server.url, "/api/contact", {
      method: "POST",
      body: formWithFields(MAX_FIELDS),
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    })
    expect(at.status).toBe(201)
    const over = await timedRequest(server.url, "/api/contact", {
      method: "POST",
      body: formWithFields(MAX_FIELDS + 1),
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    })
    expect(over.status).toBe(413)
  })

  it("answers four such posts in parallel and the GETs between them at once", async () => {
    const started = performance.now()
    const posts = Array.from({ length: 4 }, (_, index) =>
      timedRequest(server.url, "/api/contact", {
        method: "POST",
        body: COSTLY_BODIES[index % COSTLY_BODIES.length]!.body,
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      }),
    )
    const probes = await Promise.all(Array.from({ length: 4 }, () => timedRequest(server.url, "/robots.txt")))
    const answers = await Promise.all(posts)
    console.log(
      `FORM-BODY-COST npm start, 4 in parallel: posts ${answers.map((answer) => `${answer.status}/${answer.ms.toFixed(0)} ms`).join(", ")}; GETs ${probes.map((probe) => `${probe.ms.toFixed(0)} ms`).join(", ")}; all in ${(performance.now() - started).toFixed(0)} ms`,
    )
    expect(answers.map((answer) => answer.status)).toEqual([413, 413, 413, 413])
    expect(Math.max(...probes.map((probe) => probe.ms))).toBeLessThan(PROMPT_MS)
  })
})
