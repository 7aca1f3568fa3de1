/**
 * Real parts for the forms' end-to-end tests: the production server
 * (src/server/main.ts, run with tsx as `npm run serve` does) in its own
 * process group, and a real SMTP server on loopback that parses every message
 * it accepts. Nothing is mocked; every wait is bounded.
 */
import { spawn, type ChildProcess } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { simpleParser, type ParsedMail } from "mailparser"
import { SMTPServer } from "smtp-server"
import { freePort } from "./serve"

export { freePort }
export const ROOT = path.resolve(__dirname, "../..")
const TSX = path.join(ROOT, "node_modules", ".bin", "tsx")

export interface FormServer {
  /** http://127.0.0.1:<port> */
  url: string
  /** FORMS_DATA_DIR of this server */
  dataDir: string
  /** Everything the process wrote to stdout and stderr so far */
  output: () => string
  /** SIGTERM to the process group (graceful), SIGKILL after 5 s; resolves when it has exited */
  stop: () => Promise<void>
  /** SIGKILL to the whole process group at once; resolves when it has exited */
  kill: () => Promise<void>
  child: ChildProcess
}

/** Every server and SMTP sink still running, and every temporary folder, so a failed test leaves nothing behind. */
const running = new Set<FormServer>()
const sinks = new Set<SmtpSink>()
const folders = new Set<string>()

// Should the test process end without its afterAll (interrupted, --forceExit), take the server groups along
process.once("exit", () => {
  for (const server of running) {
    try {
      signalGroup(server.child, "SIGKILL")
    } catch {
      // nothing more can be done while exiting
    }
  }
})

export function tempDir(prefix = "forms-test-"): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  folders.add(dir)
  return dir
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return
  try {
    process.kill(-child.pid, signal)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error
  }
}

/**
 * Starts `tsx src/server/main.ts` on 127.0.0.1 with a free port and the given
 * environment (FORMS_DATA_DIR defaults to a new temporary folder). Resolves
 * once it prints its "Serving ... at http://127.0.0.1:<port>" line; rejects
 * after 30 s, or when the process exits first, with its output in the error.
 */
export async function startFormServer(env: Record<string, string | undefined> = {}): Promise<FormServer> {
  const dataDir = env.FORMS_DATA_DIR ?? tempDir()
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", FORMS_DATA_DIR: dataDir }
  // Unset what the test does not set, so nothing from the outer environment leaks into a server
  for (const name of ["SMTP_URL", "MAIL_TO", "MAIL_FROM", "SITE_URL", "TRUST_PROXY", "LOG_REQUESTS", "PUBLIC_DIR"]) delete childEnv[name]
  for (const name of Object.keys(childEnv)) if (name.startsWith("FORMS_") && name !== "FORMS_DATA_DIR") delete childEnv[name]
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[name]
    else childEnv[name] = value
  }
  childEnv.PORT = env.PORT ?? "0"
  childEnv.HOST = "127.0.0.1"

  const child = spawn(TSX, [path.join("src", "server", "main.ts")], { cwd: ROOT, env: childEnv, detached: true, stdio: ["ignore", "pipe", "pipe"] })
  let stdout = ""
  let stderr = ""
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once("exit", () => resolve())
  })

  const waitExit = async (ms: number) => {
    let timer: NodeJS.Timeout | undefined
    const timedOut = await Promise.race([exited.then(() => false), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), ms)))])
    clearTimeout(timer)
    return !timedOut
  }
  const kill = async () => {
    signalGroup(child, "SIGKILL")
    if (!(await waitExit(10_000))) throw new Error(`server pid ${child.pid} did not exit after SIGKILL`)
    running.delete(server)
  }
  const stop = async () => {
    signalGroup(child, "SIGTERM")
    if (!(await waitExit(5_000))) await kill()
    // tsx's own process may outlive the server for a moment; make sure the whole group is gone
    signalGroup(child, "SIGKILL")
    running.delete(server)
  }
  const server: FormServer = { url: "", dataDir, output: () => stdout + stderr, stop, kill, child }
  running.add(server)

  const url = await new Promise<string>((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer)
      clearInterval(poll)
      void kill().finally(() => reject(new Error(`${why}\n--- stdout ---\n${stdout}\n--- stderr ---\n${stderr}`)))
    }
    const timer = setTimeout(() => fail('the form server printed no "Serving" line within 30 s'), 30_000)
    const poll = setInterval(() => {
      const match = /Serving .* at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)
      if (match) {
        clearTimeout(timer)
        clearInterval(poll)
        resolve(match[1]!)
      }
    }, 25)
    void exited.then(() => {
      if (!/Serving .* at http/.test(stdout)) fail(`the form server exited (code ${child.exitCode}, signal ${child.signalCode}) before listening`)
    })
  })
  server.url = url
  return server
}

/** Kills every form server and closes every SMTP sink a test started and has not stopped, then removes the temporary folders (for afterAll). */
export async function cleanUpAll(): Promise<void> {
  await Promise.all([...running].map((server) => server.kill().catch(() => undefined)))
  await Promise.all([...sinks].map((sink) => sink.close()))
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true })
  folders.clear()
}

export interface ReceivedMail {
  /** SMTP envelope: MAIL FROM and every RCPT TO, as the server saw them */
  envelope: { from: string; to: string[] }
  raw: string
  parsed: ParsedMail
}

export interface SmtpSink {
  port: number
  messages: ReceivedMail[]
  /** Resolves when at least count messages have arrived; rejects after timeoutMs */
  waitFor: (count: number, timeoutMs: number) => Promise<ReceivedMail[]>
  close: () => Promise<void>
}

/**
 * A real SMTP server (smtp-server) on 127.0.0.1: no TLS, authentication
 * optional, every message accepted, parsed with mailparser and kept.
 */
/**
 * rejectRecipients: addresses the server refuses for good (550 to RCPT TO), like a mailbox that does not exist.
 * acceptDelayMs: how long the server takes to accept a message once its data has arrived (a slow mail server).
 */
export async function startSmtp(
  port = 0,
  { rejectRecipients = [], acceptDelayMs = 0 }: { rejectRecipients?: string[]; acceptDelayMs?: number } = {},
): Promise<SmtpSink> {
  const messages: ReceivedMail[] = []
  const waiters = new Set<() => void>()
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 1_000,
    size: 1024 * 1024,
    onRcptTo(address, _session, callback) {
      if (!rejectRecipients.includes(address.address.toLowerCase())) return callback()
      return callback(Object.assign(new Error("No such mailbox"), { responseCode: 550 }))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on("data", (chunk: Buffer) => chunks.push(chunk))
      stream.on("error", callback)
      stream.on("end", () => {
        const raw = Buffer.concat(chunks)
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        }
        simpleParser(raw)
          .then(async (parsed) => {
            if (acceptDelayMs) await new Promise((resolve) => setTimeout(resolve, acceptDelayMs))
            messages.push({ envelope, raw: raw.toString("utf8"), parsed })
            for (const wake of waiters) wake()
            callback()
          })
          .catch((error: Error) => callback(error))
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    smtp.server.once("error", reject)
    smtp.listen(port, "127.0.0.1", () => {
      smtp.server.off("error", reject)
      resolve()
    })
  })
  const address = smtp.server.address()
  const actualPort = typeof address === "object" && address ? address.port : port

  const waitFor = (count: number, timeoutMs: number) =>
    new Promise<ReceivedMail[]>((resolve, reject) => {
      const check = () => {
        if (messages.length < count) return
        clearTimeout(timer)
        waiters.delete(check)
        resolve(messages)
      }
      const timer = setTimeout(() => {
        waiters.delete(check)
        reject(new Error(`SMTP on port ${actualPort}: ${messages.length} of ${count} messages arrived within ${timeoutMs} ms`))
      }, timeoutMs)
      waiters.add(check)
      check()
    })

  let closed: Promise<void> | undefined
  const close = () => (closed ??= new Promise<void>((resolve) => smtp.close(() => resolve())).then(() => void sinks.delete(sink)))
  const sink: SmtpSink = { port: actualPort, messages, waitFor, close }
  sinks.add(sink)
  return sink
}

/** Polls fn until it returns a truthy value; rejects with the message after timeoutMs. */
export async function waitUntil<T>(fn: () => Promise<T> | T, timeoutMs: number, message: string, everyMs = 50): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await fn()
    if (value) return value as NonNullable<T>
    if (Date.now() > deadline) throw new Error(`${message} (waited ${timeoutMs} ms)`)
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}
