/**
 * @jest-environment node
 */
/**
 * The forms' Netlify Blobs store on its own (a real BlobsServer on loopback,
 * __tests__/support/forms-store-backends.ts): its layout, an unreachable or
 * unfaithful service, Lambda compatibility mode; and the form service over
 * it, and over a store that fails between a subscription's two writes.
 */
import fs from "fs"
import os from "os"
import path from "path"
import { readConfig } from "../../src/forms/environment"
import { createFormService } from "../../src/forms-hosts/open-service"
import type { FormRequest } from "../../src/forms/service"
import { createStore, layout, subscriberKey, type Subscriber } from "../../src/forms/store"
import { connectLambdaEvent, createBlobStore } from "../../src/forms-hosts/netlify-blobs-store"
import { freePort } from "../support/serve"
import { atomicFetch, blobOptions, blobs, folders, rawStore, useStoreBackends, valid } from "../support/forms-store-backends"

/** A subscriber whose confirmation e-mail is still to be sent */
const pendingSubscriber = (email: string): Subscriber => ({
  email,
  status: "pending",
  secret: "s",
  firstRequestedAt: "",
  lastRequestedAt: "",
  confirmationsRequested: 1,
  mailDue: true,
  mailAttempts: 0,
})

useStoreBackends()

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
      await store.setSubscriber(pendingSubscriber("news@example.com"))
      const ids = [id, ...(await store.list("subscribe")).map((record) => record.id)]
      const keys =
        store.location === dir
          ? (fs.readdirSync(dir, { recursive: true }) as string[])
              .filter((name) => fs.statSync(path.join(dir, name)).isFile())
              .map((name) => name.split(path.sep).join("/"))
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
    const subscriber = pendingSubscriber("a@example.com")
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
      new Headers(init?.headers).has("if-none-match") && String(input).includes("/keys/")
        ? Promise.resolve(new Response(null, { status: 503 }))
        : atomicFetch(input, init)
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
    const event = (data: object) => ({
      blobs: Buffer.from(JSON.stringify(data)).toString("base64"),
      headers: { "x-nf-site-id": blobs.siteID, "x-nf-deploy-id": "d1" },
    })

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
  const env = (apiURL: string, name: string) => ({
    FORMS_STORE: "netlify-blobs",
    FORMS_BLOBS_STORE: name,
    NETLIFY_BLOBS_SITE_ID: blobs.siteID,
    NETLIFY_BLOBS_TOKEN: blobs.token,
    NETLIFY_BLOBS_API_URL: apiURL,
  })

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
      expect(record).toMatchObject({ id, kind: "contact", values: valid, ip: "127.0.0.0" })
    } finally {
      await service.close()
    }
  })

  it("answers 503 with Retry-After when the Blobs service cannot be reached", async () => {
    const errors: string[] = []
    const service = createFormService(readConfig(env(`http://127.0.0.1:${await freePort()}`, blobOptions().name)), {
      ...quiet,
      error: (message) => errors.push(message),
    })
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
    const post: FormRequest = {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", "idempotency-key": "retry-sub-1" },
      body: { email: "news@example.com", fillMs: 5000 },
      ip: "127.0.0.1",
    }
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
