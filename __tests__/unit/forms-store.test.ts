/**
 * @jest-environment node
 */
/**
 * The forms' store behaves the same from both backends: files on disk, and a
 * Netlify Blobs store, here a real BlobsServer on loopback reached over HTTP
 * by @netlify/blobs (__tests__/support/forms-store-backends.ts). Its privacy:
 * forms-store-privacy.test.ts; the Blobs store alone and the form service on
 * it: forms-store-blobs.test.ts.
 */
import { spawn, spawnSync } from "child_process"
import { randomUUID } from "crypto"
import fs from "fs"
import os from "os"
import path from "path"
import { createStore, layout, subscriberKey, type Store, type Subscriber } from "../../src/forms/store"
import { backends, folders, useStoreBackends, valid } from "../support/forms-store-backends"

useStoreBackends()

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
