/**
 * The forms' store when the machine fails under it: a full or read-only disk
 * (each message sent at most once, then exactly once), a process stopped
 * during a send, temporary files a crash left behind. Real server process,
 * real SMTP server, a real tmpfs.
 */
import { execFileSync } from "child_process"
import fs from "fs"
import path from "path"
import { person, postJson } from "../support/http"
import { sleep } from "../support/sleep"
import { cleanUpAll, freePort, startFormServer, startSmtp, tempDir, waitUntil } from "../support/form-server"

jest.setTimeout(120_000)
afterAll(async () => {
  // the mounts first (lazily, should a server still hold a file there): a mount point cannot be removed
  for (const dir of [...mounted]) unmount(dir)
  await cleanUpAll()
})

// ------------------------------------------------------------ the store's disk

const mounted = new Set<string>()
const canMount = (() => {
  if (process.getuid?.() !== 0) return false
  const probe = tempDir("mount-probe-")
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe], { stdio: "ignore" })
    execFileSync("umount", [probe], { stdio: "ignore" })
    return true
  } catch {
    return false
  }
})()
function mountTmpfs(sizeKb: number): string {
  const dir = tempDir("forms-tmpfs-")
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${sizeKb}k`, "tmpfs", dir])
  mounted.add(dir)
  return dir
}
/**
 * Remounts dir read-only or read-write. The kernel refuses a read-only
 * remount ("mount point is busy") while a file on it is open for writing, as
 * one is for a moment whenever the server's outbox records an attempt; so a
 * busy answer is tried again, every 25 ms for up to 5 s.
 */
async function remount(dir: string, mode: "ro" | "rw"): Promise<void> {
  const deadline = Date.now() + 5_000
  for (;;) {
    try {
      execFileSync("mount", ["-o", `remount,${mode}`, dir], { stdio: ["ignore", "ignore", "pipe"] })
      return
    } catch (error) {
      const busy = /busy/i.test(String((error as { stderr?: Buffer }).stderr ?? ""))
      if (!busy || Date.now() > deadline) throw error
      await sleep(25)
    }
  }
}
function unmount(dir: string): void {
  try {
    execFileSync("umount", ["-l", dir], { stdio: "ignore" })
  } catch {
    // already gone
  }
  mounted.delete(dir)
}
/** Fills the file system under dir to the last byte */
function fill(dir: string, name = "filler"): string {
  const filler = path.join(dir, name)
  const handle = fs.openSync(filler, "w")
  const block = Buffer.alloc(4096, 1)
  try {
    for (;;) fs.writeSync(handle, block)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error
  }
  for (let size = 2048; size >= 1; size = Math.floor(size / 2)) {
    try {
      for (;;) fs.writeSync(handle, block.subarray(0, size))
    } catch {
      // smaller pieces next
    }
  }
  fs.closeSync(handle)
  return filler
}
const temporaryFiles = (dir: string) => (fs.readdirSync(dir, { recursive: true }) as string[]).filter((name) => name.endsWith(".tmp"))
/** Temporary files that stay: a write in progress has one for a moment (each with a new name), a failed write must not leave it */
async function leftoverTemporaryFiles(dir: string): Promise<string[]> {
  const before = temporaryFiles(dir)
  await sleep(600)
  const after = new Set(temporaryFiles(dir))
  return before.filter((name) => after.has(name))
}
const countBy = (ids: string[]) => ids.reduce<Record<string, number>>((counts, id) => ({ ...counts, [id]: (counts[id] ?? 0) + 1 }), {})
const mailIds = (messages: { parsed: { headers: Map<string, unknown> } }[]) => messages.map((mail) => String(mail.parsed.headers.get("x-submission-id")))

const describeMount = canMount ? describe : describe.skip
if (!canMount) console.warn("durability: the disk tests need root and `mount -t tmpfs` (as CI has); skipped here")

describeMount("a full disk under the store", () => {
  it("sends each message at most once, refuses new posts with 503 while full, leaves no temporary file, then delivers each exactly once", async () => {
    const dir = mountTmpfs(128)
    const smtpPort = await freePort()
    const env = {
      FORMS_DATA_DIR: dir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      FORMS_RATE_LIMIT: "100000",
      FORMS_RETRY_MIN_MS: "100",
      FORMS_RETRY_MAX_MS: "300",
    }
    // SMTP down: five messages are stored and owed
    const server = await startFormServer(env)
    const ids: string[] = []
    for (let index = 0; index < 5; index += 1) {
      const reply = await postJson(server.url, "contact", person(`full${index}`))
      expect(reply.status).toBe(201)
      ids.push(JSON.parse(reply.text).id)
    }
    // the disk fills; then the mail server comes back
    const filler = fill(dir)
    const smtp = await startSmtp(smtpPort)
    try {
      await sleep(3_000) // ten retry periods: the old outbox sent each message 16-17 times in 30 s
      const whileFull = countBy(mailIds(smtp.messages))
      // full again to the last byte: a lock the outbox held while the disk filled has been released since
      const topUp = fill(dir, "filler-top-up")
      const refused = await postJson(server.url, "contact", person("while-full"))
      const leftovers = await leftoverTemporaryFiles(dir)
      console.log(
        `FORMS-DISK-FULL while full: sends per message ${JSON.stringify(Object.values(whileFull))}, a new post answered ${refused.status}, temporary files left ${leftovers.length}`,
      )
      expect(Math.max(0, ...Object.values(whileFull))).toBeLessThanOrEqual(1)
      expect(refused.status).toBe(503)
      expect(leftovers).toEqual([])

      // space again: every owed message goes out, once
      fs.rmSync(filler)
      fs.rmSync(topUp)
      await smtp.waitFor(ids.length, 10_000)
      await sleep(1_500)
      expect(countBy(mailIds(smtp.messages))).toEqual(Object.fromEntries(ids.map((id) => [id, 1])))
      for (const id of ids)
        expect(JSON.parse(fs.readFileSync(path.join(dir, "contact", "delivery", `${id}.json`), "utf8")).deliveredAt).toEqual(expect.any(String))
      expect(await leftoverTemporaryFiles(dir)).toEqual([])
      console.log(`FORMS-DISK-FULL after: ${smtp.messages.length} messages for ${ids.length} owed, temporary files ${temporaryFiles(dir).length}`)
    } finally {
      await server.stop()
      await smtp.close()
      unmount(dir)
    }
  })
})

describeMount("a store remounted read-only", () => {
  it("sends nothing it cannot record the intent of, and sends again nothing it could not record the delivery of", async () => {
    const dir = mountTmpfs(1024)
    const smtpPort = await freePort()
    const env = {
      FORMS_DATA_DIR: dir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      FORMS_RATE_LIMIT: "100000",
      FORMS_RETRY_MIN_MS: "100",
      FORMS_RETRY_MAX_MS: "300",
    }
    const server = await startFormServer(env)
    const pending: string[] = []
    for (let index = 0; index < 4; index += 1) pending.push(JSON.parse((await postJson(server.url, "contact", person(`ro${index}`))).text).id)
    // pending messages, store read-only, mail server back: nothing may go out twice (it was 11-16 times each)
    await remount(dir, "ro")
    let smtp = await startSmtp(smtpPort)
    try {
      await sleep(3_000)
      console.log(`FORMS-READ-ONLY pending while read-only: sends per message ${JSON.stringify(Object.values(countBy(mailIds(smtp.messages))))}`)
      expect(Math.max(0, ...Object.values(countBy(mailIds(smtp.messages))))).toBeLessThanOrEqual(1)
      expect((await postJson(server.url, "contact", person("ro-refused"))).status).toBe(503)
      await remount(dir, "rw")
      await smtp.waitFor(pending.length, 10_000)
      await sleep(1_000)
      expect(countBy(mailIds(smtp.messages))).toEqual(Object.fromEntries(pending.map((id) => [id, 1])))
    } finally {
      await smtp.close()
    }

    // a slow mail server: the store turns read-only while a message is being sent, so its delivery cannot be recorded
    smtp = await startSmtp(smtpPort, { acceptDelayMs: 1_500 })
    try {
      const id = JSON.parse((await postJson(server.url, "contact", person("ro-during-send"))).text).id as string
      const deliveryFile = path.join(dir, "contact", "delivery", `${id}.json`)
      await waitUntil(
        () => fs.existsSync(deliveryFile) && JSON.parse(fs.readFileSync(deliveryFile, "utf8")).sendingSince,
        5_000,
        "no intent was recorded before the send",
      )
      await remount(dir, "ro")
      await smtp.waitFor(1, 5_000)
      await waitUntil(() => /could not be recorded/.test(server.output()), 5_000, "the server did not say the outcome could not be recorded")
      await sleep(2_000) // retry periods: the message must not go out again
      console.log(`FORMS-READ-ONLY turned read-only during a send: ${smtp.messages.length} message(s) arrived`)
      expect(mailIds(smtp.messages)).toEqual([id])
      await remount(dir, "rw")
      await waitUntil(
        () => JSON.parse(fs.readFileSync(deliveryFile, "utf8")).deliveredAt,
        5_000,
        "the kept outcome was not written once the store could take it",
      )
      await sleep(1_000)
      expect(mailIds(smtp.messages)).toEqual([id])
      expect(await leftoverTemporaryFiles(dir)).toEqual([])
    } finally {
      await server.stop()
      await smtp.close()
      unmount(dir)
    }
  })
})

describe("a process stopped during a send", () => {
  it("does not send again what it may have sent, and says so", async () => {
    const dataDir = tempDir()
    const id = "00000000-0000-4000-8000-000000000001"
    fs.mkdirSync(path.join(dataDir, "contact", "submissions"), { recursive: true })
    fs.mkdirSync(path.join(dataDir, "contact", "delivery"), { recursive: true })
    fs.writeFileSync(
      path.join(dataDir, "contact", "submissions", `${id}.json`),
      JSON.stringify({ id, kind: "contact", receivedAt: "2026-11-22T10:00:00.000Z", values: { ...person("interrupted"), fillMs: undefined } }),
    )
    fs.writeFileSync(
      path.join(dataDir, "contact", "delivery", `${id}.json`),
      JSON.stringify({ attempts: 1, lastAttemptAt: "2026-11-22T10:00:01.000Z", sendingSince: "2026-11-22T10:00:01.000Z" }),
    )
    const smtp = await startSmtp()
    const server = await startFormServer({
      FORMS_DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      FORMS_RETRY_MIN_MS: "100",
      FORMS_RETRY_MAX_MS: "300",
    })
    try {
      await waitUntil(() => /1 contact e-mail was being sent when a process stopped/.test(server.output()), 5_000, "no warning about the interrupted send")
      await sleep(1_000)
      expect(smtp.messages).toHaveLength(0)
    } finally {
      await server.stop()
      await smtp.close()
    }
  })
})

describe("temporary files a crash left behind", () => {
  it("are removed when the server starts", async () => {
    const dataDir = tempDir()
    const leftovers = [path.join(dataDir, "contact", "submissions", "x.json.1b2c.tmp"), path.join(dataDir, "contact", "keys", "abc.5d6e.tmp")]
    for (const file of leftovers) {
      fs.mkdirSync(path.dirname(file), { recursive: true })
      fs.writeFileSync(file, "")
    }
    const server = await startFormServer({ FORMS_DATA_DIR: dataDir })
    try {
      await waitUntil(() => /removed 2 temporary files/.test(server.output()), 5_000, "the leftovers were not removed")
      expect(leftovers.filter((file) => fs.existsSync(file))).toEqual([])
      // and none stays: the store's own writes at start (the decoy record) pass through a .tmp of their own for an instant
      expect(await leftoverTemporaryFiles(dataDir)).toEqual([])
    } finally {
      await server.stop()
    }
  })
})
