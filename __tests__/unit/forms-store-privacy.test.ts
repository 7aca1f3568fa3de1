/**
 * @jest-environment node
 */
/**
 * What the forms' store keeps about people, and for how long, the same from
 * both backends (__tests__/support/forms-store-backends.ts): networks not
 * addresses, deletion when a record's time is up, one form of an address,
 * and the export and erasure of everything about one.
 */
import { readRetention, RETENTION_DEFAULTS } from "../../src/forms/environment"
import { exportAddress, forgetAddress, purge } from "../../src/forms/privacy"
import { layout, subscriberKey, type Subscriber } from "../../src/forms/store"
import { backends, useStoreBackends, valid } from "../support/forms-store-backends"

useStoreBackends()

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
