/**
 * @jest-environment node
 */
/**
 * The forms' store behaves the same from both backends: files on disk, and a
 * Netlify Blobs store, here a real BlobsServer on loopback reached over HTTP
 * by @netlify/blobs. (Node environment: the client needs Node's fetch.)
 */
import { spawn, spawnSync } from "child_process"
import { randomUUID } from "crypto"
import fs from "fs"
import os from "os"
import path from "path"
import { getStore } from "@netlify/blobs"
import { readConfig, readRetention, RETENTION_DEFAULTS } from "../../src/forms/environment"
import { exportAddress, forgetAddress, purge } from "../../src/forms/privacy"
import { createFormService } from "../../src/forms-hosts/open-service"
import type { FormRequest } from "../../src/forms/service"
import { createStore, layout, subscriberKey, type Store, type Subscriber } from "../../src/forms/store"
import { connectLambdaEvent, createBlobStore, type BlobStoreOptions } from "../../src/forms-hosts/netlify-blobs-store"
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
// Netlify a conditional write is one atomic operation. Conditional writes
// and deletes (a lock's release) to the local server are sent one at a time
// to stand for that.
let conditionalWrites = Promise.resolve()
const atomicFetch: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers)
  if (!headers.has("if-none-match") && !headers.has("if-match") && init?.method?.toUpperCase() !== "DELETE") return fetch(input, init)
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
  /** Every record's text, whatever its key (to look for what should be gone) */
  dump: () => Promise<string>
  /** Writes one record's text as it is, as another process would have left it */
  put: (key: string, text: string) => Promise<void>
}

const backends: [string, () => Subject][] = [
  [
    "files",
    () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forms-"))
      folders.push(dir)
      const dump = async () =>
        (fs.readdirSync(dir, { recursive: true }) as string[])
          .filter((name) => fs.statSync(path.join(dir, name)).isFile())
          .map((name) => `${name}\n${fs.readFileSync(path.join(dir, name), "utf8")}`)
          .join("\n")
      const put = async (key: string, text: string) => {
        await fs.promises.mkdir(path.dirname(path.join(dir, key)), { recursive: true })
        await fs.promises.writeFile(path.join(dir, key), text)
      }
      return { open: () => createStore(dir), remove: (key) => fs.promises.rm(path.join(dir, key)), dump, put }
    },
  ],
  [
    "netlify-blobs",
    () => {
      const options = blobOptions()
      const dump = async () => {
        const { blobs: all } = await rawStore(options).list()
        const texts = await Promise.all(all.map(async ({ key }) => `${key}\n${(await rawStore(options).get(key, { type: "text" })) ?? ""}`))
        return texts.join("\n")
      }
      const put = async (key: string, text: string) => {
        await rawStore(options).set(key, text)
      }
      return { open: () => createBlobStore(options), remove: (key) => rawStore(options).delete(key), dump, put }
    },
  ],
]

/**
 * Calls lock(name) `callers` times at once, spread over stores, each holding it
 * 2 ms; resolves to each caller's result (its index), how many turns ended,
 * and the most callers that held it at the same time.
 */
async function contend(stores: Store[], name: string, callers: number) {
  let holding = 0
  let most = 0
  let turns = 0
  const results = await Promise.all(
    Array.from({ length: callers }, (_, index) =>
      stores[index % stores.length]!.lock(name, async () => {
        holding += 1
        most = Math.max(most, holding)
        await new Promise((resolve) => setTimeout(resolve, 2))
        turns += 1
        holding -= 1
        return index
      }),
    ),
  )
  return { results, turns, most }
}

/** The pid of a process that has ended and been reaped */
const goneProcess = () => Number(spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout)

describe.each(backends)("the %s store", (_name, subject) => {
  it("keeps a submission whole: get and list give back what was saved", async () => {
    const store = subject().open()
    const saved = await store.save("contact", valid, { ip: "127.0.0.1", now: new Date("2026-11-21T10:00:00Z") })
    expect(saved.duplicate).toBe(false)
    // the client's network, not its address
    const record = { id: saved.id, kind: "contact", receivedAt: "2026-11-21T10:00:00.000Z", values: valid, ip: "127.0.0.0" }
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
    const concurrent = await Promise.all(
      [records.open(), records.open(), records.open()].map((store) => store.save("contact", valid, { idempotencyKey: "across-2" })),
    )
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

  it("lets one holder at a time hold a lock, also between callers in one process (a drain and its own queue)", async () => {
    const records = subject()
    const { turns, most } = await contend([records.open(), records.open()], "contact:one", 24)
    expect(turns).toBe(24)
    expect(most).toBe(1)
  }, 30_000)

  it("takes over the lock of a holder that is gone, once: its waiters then take their turns one at a time", async () => {
    const records = subject()
    const gone = goneProcess()
    await records.put(layout.lock("contact:crashed"), `${randomUUID()} ${new Date().toISOString()} ${os.hostname()} ${gone}`)
    const { results: done, most } = await contend([records.open(), records.open()], "contact:crashed", 8)
    expect(done).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
    expect(most).toBe(1)
    expect(await records.dump()).not.toContain(` ${gone}`)
  }, 30_000)

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

describe("the files store's locks when their holder has ended", () => {
  const lockFile = (dir: string, name: string) => path.join(dir, ...layout.lock(name).split("/"))
  const holdAs = (dir: string, name: string, pid: number) => {
    fs.mkdirSync(path.dirname(lockFile(dir, name)), { recursive: true })
    fs.writeFileSync(lockFile(dir, name), `${randomUUID()} ${new Date().toISOString()} ${os.hostname()} ${pid}`)
  }
  const waitFor = async (condition: () => boolean) => {
    for (let tries = 0; !condition(); tries += 1) {
      if (tries > 100) throw new Error("the zombie never appeared")
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  const within = <T>(ms: number, work: Promise<T>) =>
    Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms))])

  it("takes over at once a lock held by a process that is gone, or a zombie nobody has reaped yet", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forms-"))
    folders.push(dir)
    const store = createStore(dir)
    // a process that has exited and been reaped
    holdAs(dir, "contact:gone", goneProcess())
    expect(
      await within(
        3_000,
        store.lock("contact:gone", async () => "taken over"),
      ),
    ).toBe("taken over")
    // a zombie: its parent (sleep, after exec) never reaps it
    const parent = spawn("sh", ["-c", "sleep 0 & echo $!; exec sleep 20"], { stdio: ["ignore", "pipe", "ignore"] })
    try {
      const zombiePid = Number(await new Promise<string>((resolve) => parent.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString().trim()))))
      await waitFor(() => /\) Z /.test(fs.readFileSync(`/proc/${zombiePid}/stat`, "utf8")))
      expect(() => process.kill(zombiePid, 0)).not.toThrow()
      holdAs(dir, "contact:zombie", zombiePid)
      expect(
        await within(
          3_000,
          store.lock("contact:zombie", async () => "taken over"),
        ),
      ).toBe("taken over")
    } finally {
      parent.kill("SIGKILL")
    }
  })

  it("lets two processes that find one dead holder take over only one at a time", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forms-"))
    folders.push(dir)
    // the same folder under another name: a store that does not queue behind the first, as another process would not
    const stores = ["", "/.", "/./.", "//"].map((alias) => createStore(`${dir}${alias}`))
    const gone = goneProcess()
    for (let round = 0; round < 60; round += 1) {
      holdAs(dir, "contact:crashed", gone)
      const { most } = await contend(stores, "contact:crashed", 8)
      expect(most).toBe(1)
    }
  }, 60_000)

  it("waits for a holder that is alive, and takes over once it has died", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forms-"))
    folders.push(dir)
    const alive = spawn("sleep", ["20"], { stdio: "ignore" })
    const exited = new Promise((resolve) => alive.once("exit", resolve))
    try {
      holdAs(dir, "contact:alive", alive.pid!)
      const waiting = createStore(dir).lock("contact:alive", async () => "taken over")
      await expect(within(1_500, waiting)).rejects.toThrow(/still waiting/)
      alive.kill("SIGKILL")
      await exited
      expect(await within(3_000, waiting)).toBe("taken over")
    } finally {
      alive.kill("SIGKILL")
    }
  })
})

describe.each(backends)("privacy on the %s store", (_name, subject) => {
  const day = (n: number) => new Date(Date.parse("2026-01-01T00:00:00Z") + n * 86_400_000)
  const pending = (email: string, at: Date): Subscriber => ({
    email,
    status: "pending",
    secret: "s3cret-value",
    firstRequestedAt: at.toISOString(),
    lastRequestedAt: at.toISOString(),
    confirmationsRequested: 1,
    mailDue: false,
    mailAttempts: 1,
  })

  it("keeps a client's network, never its whole address, and cuts one an older version stored whole", async () => {
    const { open } = subject()
    const store = open()
    const v4 = await store.save("contact", valid, { ip: "203.0.113.77" })
    const v6 = await store.save("contact", valid, { ip: "2001:db8:abcd:12:1:2:3:4" })
    const mapped = await store.save("subscribe", { email: "m@example.com" }, { ip: "::ffff:198.51.100.9" })
    expect((await store.get("contact", v4.id))?.ip).toBe("203.0.113.0")
    expect((await store.get("contact", v6.id))?.ip).toBe("2001:db8:abcd::")
    expect((await store.get("subscribe", mapped.id))?.ip).toBe("198.51.100.0")
    const old = { ...(await store.get("contact", v4.id))!, ip: "203.0.113.77" }
    await store.rewrite(old)
    expect((await purge(store, RETENTION_DEFAULTS)).addressesCut).toBe(1)
    expect((await open().get("contact", v4.id))?.ip).toBe("203.0.113.0")
  })

  it("deletes each record when its time is up, with a controlled clock, and never an undelivered message", async () => {
    const { open, dump } = subject()
    const store = open()
    const delivered = await store.save("contact", { ...valid, email: "delivered@example.com" }, { now: day(0), idempotencyKey: "key-delivered-1" })
    await store.setDelivery(delivered.id, { attempts: 1, lastAttemptAt: day(0).toISOString(), deliveredAt: day(0).toISOString() })
    const owed = await store.save("contact", { ...valid, email: "owed@example.com" }, { now: day(0), idempotencyKey: "key-owed-1" })
    const request = await store.save("subscribe", { email: "pending@example.com" }, { now: day(0) })
    await store.setSubscriber(pending("pending@example.com", day(0)))
    await store.setSubscriber({ ...pending("confirmed@example.com", day(0)), status: "confirmed", confirmedAt: day(0).toISOString() })

    // a day later: nothing is due
    expect(await purge(store, RETENTION_DEFAULTS, day(1))).toEqual({
      contactMessages: 0,
      deliveryRecords: 0,
      subscribeRequests: 0,
      unconfirmedSubscriptions: 0,
      idempotencyKeys: 0,
      addressesCut: 0,
    })
    // after 8 days: the idempotency keys (7 days)
    expect(await purge(store, RETENTION_DEFAULTS, day(8))).toMatchObject({ idempotencyKeys: 2, contactMessages: 0 })
    expect(await store.idempotencyKeys("contact")).toEqual([])
    // after 31 days: the unconfirmed subscription and the subscribe request (30 days)
    expect(await purge(store, RETENTION_DEFAULTS, day(31))).toMatchObject({ unconfirmedSubscriptions: 1, subscribeRequests: 1, contactMessages: 0 })
    expect(await store.subscriber(subscriberKey("pending@example.com"))).toBeUndefined()
    expect(await store.get("subscribe", request.id)).toBeUndefined()
    expect(await store.subscriber(subscriberKey("confirmed@example.com"))).toMatchObject({ status: "confirmed" })
    // after 366 days: the delivered message and its delivery record (365 days); the undelivered one stays
    expect(await purge(store, RETENTION_DEFAULTS, day(366))).toMatchObject({ contactMessages: 1, deliveryRecords: 1 })
    expect(await store.get("contact", delivered.id)).toBeUndefined()
    expect((await store.delivery(delivered.id)).deliveredAt).toBeUndefined()
    expect(await store.get("contact", owed.id)).toMatchObject({ values: { email: "owed@example.com" } })
    expect(await dump()).not.toContain("delivered@example.com")
    expect(await dump()).not.toContain("pending@example.com")
    // shorter settings, by environment
    expect(readRetention({ FORMS_RETAIN_CONTACT_DAYS: "30", FORMS_RETAIN_UNCONFIRMED_DAYS: "7", FORMS_RETAIN_KEY_DAYS: "1" })).toEqual({
      contactDays: 30,
      unconfirmedDays: 7,
      keyDays: 1,
    })
    expect(() => readRetention({ FORMS_RETAIN_CONTACT_DAYS: "0" })).toThrow(/FORMS_RETAIN_CONTACT_DAYS/)
  })

  it("compares addresses in one form: trimmed, NFC, then lower case without locale", async () => {
    const { open } = subject()
    const store = open()
    const composed = "jos\u00e9@example.com"
    const decomposed = "JOSE\u0301@example.com"
    await store.save("contact", { ...valid, email: decomposed })
    await store.setSubscriber(pending(decomposed, day(0)))
    // typed either way, it is one address, with its message and its subscription
    for (const typed of [composed, decomposed, ` ${composed.toUpperCase()} `]) {
      const records = await exportAddress(store, typed)
      expect([typed, records.contactMessages.length, records.subscription?.email]).toEqual([typed, 1, decomposed])
    }
    // the Kelvin sign is canonically K (NFC), so it is k; the Turkish dotted capital I is not i
    await store.save("contact", { ...valid, email: "kate@example.com" })
    await store.save("contact", { ...valid, email: "inci@example.com" })
    expect((await exportAddress(store, "\u212Aate@example.com")).contactMessages).toHaveLength(1)
    expect((await exportAddress(store, "\u0130nci@example.com")).contactMessages).toHaveLength(0)
    expect(await forgetAddress(store, composed)).toHaveLength(2)
    expect((await exportAddress(store, decomposed)).contactMessages).toHaveLength(0)
  })

  it("exports every record about an address, and forgets them all: no record holds it afterwards", async () => {
    const { open, dump } = subject()
    const store = open()
    const ada = "Ada@Example.com"
    const first = await store.save("contact", { ...valid, email: "ada@example.com" }, { idempotencyKey: "ada-key-0001", ip: "203.0.113.5" })
    await store.setDelivery(first.id, { attempts: 1, deliveredAt: "2026-11-20T10:00:00.000Z" })
    const second = await store.save("contact", { ...valid, email: "ADA@example.com", subject: "Second" })
    const request = await store.save("subscribe", { email: "ada@example.com" }, { idempotencyKey: "ada-key-0002" })
    await store.setSubscriber({ ...pending("ada@example.com", new Date("2026-11-20T10:00:00Z")), status: "confirmed" })
    const other = await store.save("contact", { ...valid, email: "grace@example.com" }, { idempotencyKey: "grace-key-001" })

    const exported = await exportAddress(store, ada)
    expect(exported.contactMessages.map(({ message }) => message.id).sort()).toEqual([first.id, second.id].sort())
    expect(exported.contactMessages.find(({ message }) => message.id === first.id)?.delivery.deliveredAt).toBe("2026-11-20T10:00:00.000Z")
    expect(exported.subscribeRequests.map((r) => r.id)).toEqual([request.id])
    expect(exported.subscription).toMatchObject({ email: "ada@example.com", status: "confirmed" })
    expect(JSON.stringify(exported)).not.toContain("s3cret-value")

    const removed = await forgetAddress(open(), ada)
    expect(removed).toEqual(
      expect.arrayContaining([
        layout.submission("contact", first.id),
        layout.delivery(first.id),
        layout.submission("contact", second.id),
        layout.submission("subscribe", request.id),
        layout.subscriber(subscriberKey(ada)),
      ]),
    )
    expect(removed.filter((key) => key.includes("/keys/"))).toHaveLength(2)
    expect((await dump()).toLowerCase()).not.toContain("ada@example.com")
    expect(await exportAddress(store, ada)).toEqual({ address: ada, contactMessages: [], subscribeRequests: [] })
    // everyone else's records stay
    expect(await store.get("contact", other.id)).toMatchObject({ values: { email: "grace@example.com" } })
    expect(await store.idempotencyKeys("contact")).toEqual([{ key: expect.stringContaining("contact/keys/"), id: other.id, claimedAt: expect.any(String) }])
    expect(await forgetAddress(store, ada)).toEqual([])
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
      await store.setSubscriber({
        email: "news@example.com",
        status: "pending",
        secret: "s",
        firstRequestedAt: "",
        lastRequestedAt: "",
        confirmationsRequested: 1,
        mailDue: true,
        mailAttempts: 0,
      })
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
    const subscriber: Subscriber = {
      email: "a@example.com",
      status: "pending",
      secret: "s",
      firstRequestedAt: "",
      lastRequestedAt: "",
      confirmationsRequested: 1,
      mailDue: true,
      mailAttempts: 0,
    }
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
