// What every stage of the audit shares: logging, time limits, and the
// clean-up that stops servers and browsers on success, failure or a signal.

export const log = (message: string): void => void process.stderr.write(`${message}\n`)
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/** Resolves or rejects with the promise, or rejects after ms. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took longer than ${Math.round(ms / 1000)} s`)), ms)
    }),
  ]).finally(() => clearTimeout(timer))
}

type Cleanup = () => unknown
const cleanups: Cleanup[] = []
let cleaning: Promise<void> | undefined
/** Set by a signal: no new stage, page or run starts. */
let aborted = false
export const isAborted = (): boolean => aborted

/** Registers fn to run at the end, also on failure or a signal; returns fn. */
export function atExit<F extends Cleanup>(fn: F): F {
  cleanups.push(fn)
  // registered while cleaning up (a browser that was starting): clean it up too
  if (cleaning) Promise.resolve().then(fn).catch(() => {})
  return fn
}

export function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const fn of cleanups.reverse()) {
      try {
        await withTimeout(Promise.resolve().then(fn), 15_000, "cleaning up")
      } catch (error) {
        log(`audit: cleaning up: ${errorMessage(error)}`)
      }
    }
  })()
  return cleaning
}

/** On SIGINT, SIGTERM or SIGHUP: stop starting things, clean up, exit 130. */
export function stopOnSignals(): void {
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      aborted = true
      log(`audit: ${signal}, stopping.`)
      cleanUp().finally(() => process.exit(130))
    })
  }
}

export const TIMEOUT = {
  build: 10 * 60_000,
  serverStart: 60_000,
  serverStop: 5_000,
  request: 15_000,
  linkCheck: 3 * 60_000,
  pageLoad: 30_000,
  networkIdle: 10_000,
  axeRun: 60_000,
  chromeLaunch: 30_000,
  lighthouseRun: 150_000,
  whole: 25 * 60_000,
}
