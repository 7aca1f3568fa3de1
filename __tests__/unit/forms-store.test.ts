/**
 * @jest-environment node
 */
/**
 * The forms' store behaves the same from both backends: files on disk, and a
 * Netlify Blobs store, here a real BlobsServer on loopback reached over HTTP
 * by @netlify/blobs. (Node environment: the client needs Node's fetch.)
 */
import fs from "fs"
import os from "os"
import path from "path"
import { getStore } from "@netlify/blobs"
import { readConfig } from "../../src/forms/config"
import { createFormService, type FormRequest } from "../../src/forms/service"
import { createStore, layout, subscriberKey, type Store, type Subscriber } from "../../src/forms/store"
import { connectLambdaEvent, createBlobStore, type BlobStoreOptions } from "../../src/forms/store-blobs"
import { startBlobsServer, type LocalBlobs } from "../support/blobs-server"
import { freePort } from "../support/serve"

const valid = { username: "Ada Example", email: "ada@example.com", phone: "+1 (555) 010-0199", subject: "Quote request", message: "Two lines\nof text" }

let blobs: LocalBlobs
const folders: string[] = []
beforeAll(async () => {
  blobs = await startBlobsServer()
}, 15_000)
afterAll(async () => {
  await blobs?.stop()
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true })
})

// The local BlobsServer checks a conditional write and then writes, in two
// steps, so two concurrent creates of one key can both succeed there; on
// Netlify a conditional write is one atomic operation. Conditional writes to
// the local server are sent one at a time to stand for that.
let conditionalWrites = Promise.resolve()
const atomicFetch: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers)
  if (!headers.has("if-none-match") && !headers.has("if-match")) return fetch(input, init)
  const response = conditionalWrites.then(() => fetch(input, init))
  conditionalWrites = response.then(
    () => undefined,
    () => undefined,
  )
  return response
}

let stores = 0
/** Access to a fresh store on the local server (every test gets its own), edge access as Netlify's functions have it. */
function blobOptions(overrides: Partial<BlobStoreOptions> = {}): BlobStoreOptions {
  stores += 1
  return { name: `forms-${stores}`, siteID: blobs.siteID, token: blobs.token, edgeURL: blobs.url, uncachedEdgeURL: blobs.url, fetch: atomicFetch, ...overrides }
}
/** The same store, read with @netlify/blobs directly (to look behind the store's back). */
const rawStore = (options: BlobStoreOptions) => getStore({ ...options, consistency: "strong" })

interface Subject {
  /** A store over the same records each time it is called, as another process would open them */
  open: () => Store
  /** Removes one record, as a save that died before writing it would have left things */
  remove: (key: string) => Promise<void>
}

const backends: [string, () => Subject][] = [
  [
    "files",
    () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forms-"))
      folders.push(dir)
      return { open: () => createStore(dir), remove: (key) => fs.promises.rm(path.join(dir, key)) }
    },
  ],
  [
    "netlify-blobs",
    () => {
      const options = blobOptions()
      return { open: () => createBlobStore(options), remove: (key) => rawStore(options).delete(key) }
    },
  ],
]

describe.each(backends)("the %s store", (_name, subject) => {
  it("keeps a submission whole: get and list give back what was saved", async () => {
    const store = subject().open()
    const saved = await store.save("contact", valid, { ip: "127.0.0.1", now: new Date("2026-11-21T10:00:00Z") })
    expect(saved.duplicate).toBe(false)
    const record = { id: saved.id, kind: "contact", receivedAt: "2026-11-21T10:00:00.000Z", values: valid, ip: "127.0.0.1" }
    expect(await store.get("contact", saved.id)).toEqual(record)
    expect(await store.list("contact")).toEqual([record])
    expect(await store.list("subscribe")).toEqual([])
    expect(await store.get("subscribe", saved.id)).toBeUndefined()
    expect(await store.get("contact", "../../etc/passwd")).toBeUndefined()
  })

  it("lists submissions oldest first, and by id when they arrived at the same time", async () => {
    const store = subject().open()
    const at = (iso: string) => ({ now: new Date(iso) })
    const late = await store.save("contact", { ...valid, subject: "late" }, at("2026-11-21T12:00:00Z"))
    const early = await store.save("contact", { ...valid, subject: "early" }, at("2026-11-21T08:00:00Z"))
    const same = await Promise.all([1, 2, 3].map((n) => store.save("contact", { ...valid, subject: `same ${n}` }, at("2026-11-21T10:00:00Z"))))
    const order = (await store.list("contact")).map((record) => record.id)
    expect(order).toEqual([early.id, ...same.map((s) => s.id).sort(), late.id])
  })

  it("stores 200 concurrent submissions: 200 records, 200 distinct ids, none lost", async () => {
    const store = subject().open()
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => store.save("contact", { ...valid, subject: `n${i}` })))
    expect(new Set(results.map((r) => r.id)).size).toBe(200)
    const stored = await store.list("contact")
    expect(stored).toHaveLength(200)
    expect(new Set(stored.map((s) => s.values.subject)).size).toBe(200)
  })

  it("stores a post once per idempotency key: a repeat gets the first id, duplicate, and changes nothing", async () => {
    const store = subject().open()
    const first = await store.save("contact", valid, { idempotencyKey: "form-abc" })
    const repeat = await store.save("contact", { ...valid, subject: "changed" }, { idempotencyKey: "form-abc" })
    expect(first.duplicate).toBe(false)
    expect(repeat).toEqual({ id: first.id, duplicate: true })
    expect((await store.list("contact")).map((record) => record.values.subject)).toEqual([valid.subject])
    // Keys are per form: the same key on the other form is a new post
    expect((await store.save("subscribe", { email: valid.email }, { idempotencyKey: "form-abc" })).duplicate).toBe(false)
  })

  it("stores 50 concurrent repeats with one key exactly once, all answered with the same id", async () => {
    const store = subject().open()
    const results = await Promise.all(Array.from({ length: 50 }, () => store.save("subscribe", { email: "news@example.com" }, { idempotencyKey: "form-abc" })))
    expect(new Set(results.map((r) => r.id)).size).toBe(1)
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1)
    expect(await store.list("subscribe")).toHaveLength(1)
  })

  it("sees a key claimed by another process (another server, another function instance)", async () => {
    const records = subject()
    const first = await records.open().save("contact", valid, { idempotencyKey: "across-1" })
    const concurrent = await Promise.all([records.open(), records.open(), records.open()].map((store) => store.save("contact", valid, { idempotencyKey: "across-2" })))
    expect(await records.open().save("contact", valid, { idempotencyKey: "across-1" })).toEqual({ id: first.id, duplicate: true })
    expect(new Set(concurrent.map((r) => r.id)).size).toBe(1)
    expect(await records.open().list("contact")).toHaveLength(2)
  })

  it("finishes a save that died after claiming its key, when the same key comes again", async () => {
    const records = subject()
    const store = records.open()
    const first = await store.save("contact", valid, { idempotencyKey: "k1" })
    await records.remove(layout.submission("contact", first.id))
    const again = await store.save("contact", valid, { idempotencyKey: "k1" })
    expect(again).toEqual({ id: first.id, duplicate: false })
    expect(await store.list("contact")).toHaveLength(1)
  })

  it("keeps where each contact message's e-mail has got", async () => {
    const store = subject().open()
    const { id } = await store.save("contact", valid)
    expect(await store.delivery(id)).toEqual({ attempts: 0 })
    await store.setDelivery(id, { attempts: 1, lastAttemptAt: "2026-11-21T10:00:00.000Z", lastError: "421 try later" })
    expect(await store.delivery(id)).toEqual({ attempts: 1, lastAttemptAt: "2026-11-21T10:00:00.000Z", lastError: "421 try later" })
    await store.setDelivery(id, { attempts: 2, deliveredAt: "2026-11-21T10:05:00.000Z", messageId: "<m1@example.com>" })
    expect(await store.delivery(id)).toEqual({ attempts: 2, deliveredAt: "2026-11-21T10:05:00.000Z", messageId: "<m1@example.com>" })
  })

  it("keeps one record per subscriber address, found by its key, listed first requested first", async () => {
    const store = subject().open()
    const subscriber = (email: string, at: string): Subscriber => ({
      email,
      status: "pending",
      secret: `secret-${email}`,
      firstRequestedAt: at,
      lastRequestedAt: at,
      confirmationsRequested: 1,
      mailDue: true,
      mailAttempts: 0,
    })
    const later = subscriber("later@example.com", "2026-11-21T12:00:00.000Z")
    const earlier = subscriber("earlier@example.com", "2026-11-21T08:00:00.000Z")
    await store.setSubscriber(later)
    await store.setSubscriber(earlier)
    expect(await store.subscriber(subscriberKey("Later@Example.com "))).toEqual(later)
    expect(await store.subscriber(subscriberKey("nobody@example.com"))).toBeUndefined()
    expect(await store.subscriber("not-a-key")).toBeUndefined()
    const confirmed = { ...later, status: "confirmed" as const, confirmedAt: "2026-11-21T13:00:00.000Z", mailDue: false }
    await store.setSubscriber(confirmed)
    expect(await store.subscribers()).toEqual([earlier, confirmed])
  })
})

describe("the Netlify Blobs store", () => {
  it("uses the file store's layout: its keys are the files' paths", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forms-"))
    folders.push(dir)
    const options = blobOptions()
    const shapes: string[][] = []
    for (const store of [createStore(dir), createBlobStore(options)]) {
      const { id } = await store.save("contact", valid, { idempotencyKey: "layout-1" })
      await store.setDelivery(id, { attempts: 0 })
      await store.save("subscribe", { email: "news@example.com" }, { idempotencyKey: "layout-2" })
      await store.setSubscriber({ email: "news@example.com", status: "pending", secret: "s", firstRequestedAt: "", lastRequestedAt: "", confirmationsRequested: 1, mailDue: true, mailAttempts: 0 })
      const ids = [id, ...(await store.list("subscribe")).map((record) => record.id)]
      const keys =
        store.location === dir
          ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((name) => fs.statSync(path.join(dir, name)).isFile()).map((name) => name.split(path.sep).join("/"))
          : (await rawStore(options).list()).blobs.map((blob) => blob.key).filter((key) => key !== "checks/only-if-new")
      shapes.push(keys.map((key) => ids.reduce((shape, each, index) => shape.replace(each, `<id ${index}>`), key)).sort())
    }
    expect(shapes[1]).toEqual(shapes[0])
    expect(shapes[0]).toContain(layout.subscriber(subscriberKey("news@example.com")))
    expect(shapes[0]).toContain(layout.idempotencyKey("contact", "layout-1"))
  })

  it("rejects every operation when the service cannot be reached: nothing is reported saved", async () => {
    const closed = `http://127.0.0.1:${await freePort()}`
    const store = createBlobStore(blobOptions({ edgeURL: closed, uncachedEdgeURL: closed }))
    const subscriber: Subscriber = { email: "a@example.com", status: "pending", secret: "s", firstRequestedAt: "", lastRequestedAt: "", confirmationsRequested: 1, mailDue: true, mailAttempts: 0 }
    await expect(store.save("contact", valid)).rejects.toThrow(/fetch failed/)
    await expect(store.save("contact", valid, { idempotencyKey: "down-1" })).rejects.toThrow(/fetch failed/)
    await expect(store.list("contact")).rejects.toThrow(/fetch failed/)
    await expect(store.get("contact", "00000000-0000-4000-8000-000000000000")).rejects.toThrow(/fetch failed/)
    await expect(store.delivery("00000000-0000-4000-8000-000000000000")).rejects.toThrow(/fetch failed/)
    await expect(store.setDelivery("00000000-0000-4000-8000-000000000000", { attempts: 1 })).rejects.toThrow(/fetch failed/)
    await expect(store.setSubscriber(subscriber)).rejects.toThrow(/fetch failed/)
    await expect(store.subscribers()).rejects.toThrow(/fetch failed/)
  })

  it("does not take a conditional write the service failed for a claimed key", async () => {
    // @netlify/blobs reports a conditional write answered with anything but 412 as done
    const failingClaims: typeof fetch = (input, init) =>
      new Headers(init?.headers).has("if-none-match") && String(input).includes("/keys/") ? Promise.resolve(new Response(null, { status: 503 })) : atomicFetch(input, init)
    const options = blobOptions({ fetch: failingClaims })
    const store = createBlobStore(options)
    await expect(store.save("contact", valid, { idempotencyKey: "lost-claim" })).rejects.toThrow(/did not keep the idempotency key/)
    expect(await store.list("contact")).toEqual([])
  })

  it("refuses to claim keys from a service that ignores conditional writes, and saves nothing", async () => {
    const unconditional: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers)
      headers.delete("if-none-match")
      return fetch(input, { ...init, headers })
    }
    const store = createBlobStore(blobOptions({ fetch: unconditional }))
    await expect(store.save("contact", valid, { idempotencyKey: "no-conditions" })).rejects.toThrow(/conditional writes are not honoured/)
    expect(await store.list("contact")).toEqual([])
    // A post without a key needs no claim
    expect((await store.save("contact", valid)).duplicate).toBe(false)
  })

  describe("inside a Netlify function in Lambda compatibility mode", () => {
    afterEach(() => delete process.env.NETLIFY_BLOBS_CONTEXT)
    const event = (data: object) => ({ blobs: Buffer.from(JSON.stringify(data)).toString("base64"), headers: { "x-nf-site-id": blobs.siteID, "x-nf-deploy-id": "d1" } })

    it("reaches the store with the access the invocation's event carries", async () => {
      expect(connectLambdaEvent({ headers: {} })).toBe(false)
      expect(connectLambdaEvent(event({ url: blobs.url, url_uncached: blobs.url, token: blobs.token }))).toBe(true)
      const store = createBlobStore({ name: blobOptions().name })
      const saved = await store.save("contact", valid, { idempotencyKey: "lambda-1" })
      expect(await store.save("contact", valid, { idempotencyKey: "lambda-1" })).toEqual({ id: saved.id, duplicate: true })
      expect((await store.get("contact", saved.id))?.values).toEqual(valid)
    })

    it("fails loudly, not with stale reads, when the event has no uncached edge URL", async () => {
      connectLambdaEvent(event({ url: blobs.url, token: blobs.token }))
      await expect(createBlobStore({ name: blobOptions().name }).list("contact")).rejects.toThrow(/strong consistency/)
    })
  })
})

describe("the form service on the netlify-blobs backend (FORMS_STORE)", () => {
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined }
  const post = (key: string): FormRequest => ({
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", "idempotency-key": key },
    // as the page's script posts it: with how long the form was on screen
    body: { ...valid, fillMs: 5000 },
    ip: "127.0.0.1",
  })
  // API access (NETLIFY_BLOBS_SITE_ID and _TOKEN), as `npm start` outside Netlify would use it
  const env = (apiURL: string, name: string) => ({ FORMS_STORE: "netlify-blobs", FORMS_BLOBS_STORE: name, NETLIFY_BLOBS_SITE_ID: blobs.siteID, NETLIFY_BLOBS_TOKEN: blobs.token, NETLIFY_BLOBS_API_URL: apiURL })

  it("stores a post in the Blobs store and answers a repeat as a duplicate", async () => {
    const { name } = blobOptions()
    const service = createFormService(readConfig(env(blobs.url, name)), quiet)
    try {
      const first = await service.handle("contact", post("service-1"))
      expect(first.status).toBe(201)
      const { id } = JSON.parse(first.body) as { id: string }
      const repeat = await service.handle("contact", post("service-1"))
      expect(repeat.status).toBe(200)
      expect(JSON.parse(repeat.body)).toMatchObject({ id, duplicate: true })
      const record = await rawStore(blobOptions({ name })).get(layout.submission("contact", id), { type: "json" })
      expect(record).toMatchObject({ id, kind: "contact", values: valid, ip: "127.0.0.1" })
    } finally {
      await service.close()
    }
  })

  it("answers 503 with Retry-After when the Blobs service cannot be reached", async () => {
    const errors: string[] = []
    const service = createFormService(readConfig(env(`http://127.0.0.1:${await freePort()}`, blobOptions().name)), { ...quiet, error: (message) => errors.push(message) })
    try {
      const answer = await service.handle("contact", post("service-2"))
      expect(answer.status).toBe(503)
      expect(answer.headers["Retry-After"]).toBe("30")
      expect(errors.join("\n")).toMatch(/forms: contact failed: .*fetch failed/)
    } finally {
      await service.close()
    }
  })
})

describe("the form service when the store fails between a subscription's two writes", () => {
  it("writes the address when the client retries the post with its key", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forms-"))
    folders.push(dir)
    // A file where the addresses' folder belongs: the submission is saved, the address cannot be
    fs.mkdirSync(path.join(dir, "subscribe"))
    fs.writeFileSync(path.join(dir, "subscribe", "addresses"), "")
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined }
    const service = createFormService(readConfig({ FORMS_DATA_DIR: dir }), quiet)
    const post: FormRequest = { method: "POST", headers: { "content-type": "application/json", accept: "application/json", "idempotency-key": "retry-sub-1" }, body: { email: "news@example.com", fillMs: 5000 }, ip: "127.0.0.1" }
    try {
      expect((await service.handle("subscribe", post)).status).toBe(503)
      fs.rmSync(path.join(dir, "subscribe", "addresses"))
      const retry = await service.handle("subscribe", post)
      expect(retry.status).toBe(200)
      expect(JSON.parse(retry.body)).toMatchObject({ duplicate: true })
      expect(await service.store.subscriber(subscriberKey("news@example.com"))).toMatchObject({ email: "news@example.com", status: "pending", mailDue: true })
      expect(await service.store.list("subscribe")).toHaveLength(1)
    } finally {
      await service.close()
    }
  })
})
