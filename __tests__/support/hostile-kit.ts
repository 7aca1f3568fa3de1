/**
 * What the forms' fuzz (__tests__/forms/hostile-requests.test.ts) builds its
 * cases from: what a case is, the hostile pools, and the helpers every
 * family of cases draws on, all from one seeded random source so a seed
 * gives the same cases each run. The families: hostile-bodies.ts and
 * hostile-framing.ts beside this file.
 */
import type { Values } from "./form-requests"

/** "ok": a valid request (2xx, or 303 for a plain form post); "4xx": not */
export type Expectation = "ok" | "4xx"
export interface FuzzCase {
  family: string
  endpoint: "contact" | "subscribe" | "subscribe-confirm"
  method: string
  headers: Record<string, string>
  body?: string | Buffer
  chunks?: Buffer[]
  expect: Expectation
  /** For a valid contact case: the values the store must hold (after its trimming) */
  values?: Values
  /** For a valid subscribe case: the address a confirmation goes to */
  subscriber?: string
  /** Query string for subscribe-confirm */
  query?: string
}

export const VICTIM = "victim@example.com"
export const INJECTIONS = [
  `x\r\nBcc: ${VICTIM}`,
  `x\nBcc: ${VICTIM}`,
  `x\rBcc: ${VICTIM}`,
  `x\r\nCc: ${VICTIM}\r\nX-Extra: 1`,
  `x\u2028Bcc: ${VICTIM}`,
  `x\u2029To: ${VICTIM}`,
  `x\r\n\r\nbody`,
]
export const BAD_BYTES = [
  Buffer.from([0xff]),
  Buffer.from([0xfe, 0xff]),
  Buffer.from([0xc3]),
  Buffer.from([0xc3, 0x28]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xf8, 0x88, 0x80, 0x80, 0x80]),
  Buffer.from([0xe2, 0x82]),
]
export const ODD_TYPES = [
  "text/plain",
  "application/xml",
  "text/xml",
  "text/html",
  "application/jsonx",
  "application/json-patch+json",
  "application/x-www-form-urlencodedx",
  "*/*",
  "image/png",
  "application/octet-stream",
  "multipart/mixed",
]
const TEXT_POOL = [
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.,;:!?'\"()[]{}<>&%#@/\\|*+=~^`$éèüßñçøåÆŒ—–…«»“”‘’€£¥",
  "中",
  "文",
  "日",
  "本",
  "한",
  "ع",
  "ב",
  "🌿",
  "🔥",
  "✓",
  "\u200b",
  "\u00a0",
]

/** A family makes its nth case */
export type Families = Record<string, (n: number) => FuzzCase>

/** The helpers over one random source (mulberry32 of the seed) */
export function fuzzKit(random: () => number) {
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
  const text = (length: number) => Array.from({ length }, () => pick(TEXT_POOL)).join("")
  /** Single-line text that starts and ends with a letter, so trimming leaves it as it is */
  const line = (tag: string) => `A${text(int(0, 40))}${tag}Z`
  const validContact = (n: number): Values => ({
    username: line(`-u${n}-`),
    email: `fuzz.${n}.${int(0, 99999)}@example.com`,
    phone: `+1 (555) 01${int(0, 9)}-${String(int(0, 9999)).padStart(4, "0")}`,
    subject: line(`-s${n}-`),
    message: random() < 0.2 ? "" : `B${text(int(0, 300))}\n${text(int(0, 100))}Z`,
  })
  const json = (value: unknown) => JSON.stringify(value)
  /** JSON as the page's script posts it: with how long the form was on screen */
  const scripted = (value: object) => json({ ...value, fillMs: int(3000, 600000) })
  const form = (value: Record<string, string>) => new URLSearchParams(value).toString()
  const accept = () => pick(["application/json", "text/html", "*/*", "", "application/json, text/plain", "text/html;q=0.9, application/json;q=0.8"])
  const headersFor = (type: string | undefined, acceptValue = accept()) => ({
    ...(type === undefined ? {} : { "content-type": type }),
    ...(acceptValue ? { accept: acceptValue } : {}),
  })
  const wrongValues: unknown[] = [42, -1, 1e308, 0, true, false, null, [], ["a", "b"], {}, { nested: { deeper: ["x"] } }, [{ a: 1 }], { toString: "x" }]
  return { random, int, pick, text, line, validContact, json, scripted, form, accept, headersFor, wrongValues }
}

export type FuzzKit = ReturnType<typeof fuzzKit>
