/**
 * The Gatsby Functions in src/api/ are thin wrappers over the same form
 * service as the production server: under `gatsby serve` (which runs them as
 * `gatsby develop` and Gatsby's adapters do) they store and answer alike.
 */
import fs from "fs"
import path from "path"
import { COSTLY_BODIES, formWithFields, MAX_FIELDS, postWhileProbing } from "../support/costly-bodies"
import { readContent, serveBuild, type Served } from "../support/serve"

const forms = readContent<{ errors: Record<string, string>; pages: { id: string; path: string }[] }>("forms/forms.en.json")
const valid = { username: "Ada", email: "ada@example.com", phone: "+1 555 010 0100", subject: "Via Gatsby Functions", message: "Hello" }

let server: Served
beforeAll(async () => {
  server = await serveBuild({ server: "gatsby" })
}, 60_000)
afterAll(async () => {
  await server?.stop()
})

const post = (endpoint: string, body: string, headers: Record<string, string>) =>
  fetch(`${server.origin}/api/${endpoint}`, { method: "POST", body, headers, redirect: "manual" })

describe("Gatsby Functions", () => {
  it("store a valid JSON post and answer 201 with its id", async () => {
    const response = await post("contact", JSON.stringify({ ...valid, idempotencyKey: "gatsby-fn-1", fillMs: 5000 }), {
      "Content-Type": "application/json",
      Accept: "application/json",
    })
    expect(response.status).toBe(201)
    const { id } = (await response.json()) as { id: string }
    const file = path.join(server.dataDir, "contact", "submissions", `${id}.json`)
    expect(JSON.parse(fs.readFileSync(file, "utf8")).values).toEqual(valid)
  })

  it("redirect a plain post to the thank-you page", async () => {
    const response = await post("contact", new URLSearchParams(valid).toString(), { "Content-Type": "application/x-www-form-urlencoded" })
    expect(response.status).toBe(303)
    expect(response.headers.get("location")).toBe(forms.pages.find((page) => page.id === "contact-sent")!.path)
  })

  it("refuse what the service refuses, with the same codes and words", async () => {
    const invalid = await post("contact", new URLSearchParams({ ...valid, email: "nope" }).toString(), { "Content-Type": "application/x-www-form-urlencoded" })
    expect(invalid.status).toBe(422)
    expect(await invalid.text()).toContain("Via Gatsby Functions")
    const wrongMethod = await fetch(`${server.origin}/api/subscribe`)
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.headers.get("allow")).toBe("POST")
    const wrongType = await post("subscribe", "email=a@example.com", { "Content-Type": "text/plain", Accept: "application/json" })
    expect(wrongType.status).toBe(415)
    expect(((await wrongType.json()) as { message: string }).message).toBe(forms.errors.unsupported_type)
  })

  it("refuse a urlencoded field that is not UTF-8 with 400 naming it, as the production server does, and keep a typed percent sign", async () => {
    for (const bad of ["caf%C3%28", "%C0%AF", "%ED%A0%80", "caf%E9"]) {
      const response = await post("contact", `${new URLSearchParams({ ...valid, message: "x" }).toString().replace("message=x", `message=${bad}`)}`, {
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      })
      expect([bad, response.status]).toEqual([bad, 400])
      expect([bad, ((await response.json()) as { errors: { field: string }[] }).errors.map((error) => error.field)]).toEqual([bad, ["message"]])
    }
    const typed = await post("contact", new URLSearchParams({ ...valid, message: "100% sure: a%20b, %zz" }).toString(), {
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "application/json",
    })
    expect(typed.status).toBe(201)
    const { id } = (await typed.json()) as { id: string }
    expect(JSON.parse(fs.readFileSync(path.join(server.dataDir, "contact", "submissions", `${id}.json`), "utf8")).values.message).toBe("100% sure: a%20b, %zz")
  })
})

/**
 * Gatsby reads a function's body itself (body-parser, before the function
 * runs): past 1,000 pairs it refuses the post with its own bare 413 page,
 * after counting the separators; up to that the service refuses more than
 * MAX_FIELDS in the forms' words. Both cost the post's length, no more.
 */
describe("Gatsby Functions and a post with more fields than a form has", () => {
  it.each(COSTLY_BODIES)("$name: refused at once with 413, and a GET in flight is answered within 200 ms", async ({ body }) => {
    const { post, probe } = await postWhileProbing(server.origin, "/api/contact", body)
    console.log(
      `FORM-BODY-COST gatsby serve: post ${post.status} in ${post.ms.toFixed(0)} ms; GET /robots.txt in flight: ${probe.status} in ${probe.ms.toFixed(0)} ms`,
    )
    expect(probe.status).toBe(200)
    expect(probe.ms).toBeLessThan(200)
    expect(post.status).toBe(413)
    expect(post.ms).toBeLessThan(1_000)
  })

  it(`take a form of exactly ${MAX_FIELDS} fields, and refuse one more, or a thousand, naming the limit`, async () => {
    const at = await post("contact", formWithFields(MAX_FIELDS), { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" })
    expect(at.status).toBe(201)
    for (const fields of [MAX_FIELDS + 1, 1_000]) {
      const over = await post("contact", formWithFields(fields), { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" })
      expect([fields, over.status]).toEqual([fields, 413])
      expect(((await over.json()) as { message: string }).message).toContain(String(MAX_FIELDS))
    }
    const keys = Object.fromEntries(Array.from({ length: 8_000 }, (_, index) => [`n${index}`, ""]))
    const json = await post(
      "contact",
      JSON.stringify({ ...keys, username: "Ada", email: "ada@example.com", phone: "+1 555 010 0100", subject: "x", fillMs: 6000 }),
      { "Content-Type": "application/json", Accept: "application/json" },
    )
    expect(json.status).toBe(413)
  })
})
