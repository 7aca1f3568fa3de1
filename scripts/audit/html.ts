// HTML validation (html-validate with the project's .htmlvalidate.mjs) of the
// HTML the server sends for every page, plus the parse errors html-validate
// does not look for.
import path from "node:path"
import { FileSystemConfigLoader, HtmlValidate } from "html-validate"
import { errorMessage, log } from "./lifecycle"
import type { AuditPage } from "./routes"
import { servedHtml } from "./serve"

export interface HtmlMessage {
  ruleId: string
  /** 2 error, 1 warning */
  severity: number
  message: string
  line: number
  column: number
  selector?: string | null
}

export interface HtmlResult {
  errors: number
  warnings: number
  messages: HtmlMessage[]
}

function lineAndColumn(text: string, index: number): { line: number; column: number } {
  const before = text.slice(0, index)
  return { line: before.split("\n").length, column: index - before.lastIndexOf("\n") }
}

/**
 * Errors html-validate does not look for: bytes that are not UTF-8, and
 * characters whose mere presence is an HTML parse error (NULL,
 * control-character-in-input-stream, noncharacter-in-input-stream).
 */
export function inputStreamErrors(buffer: Buffer): Omit<HtmlMessage, "severity">[] {
  const errors: Omit<HtmlMessage, "severity">[] = []
  let text: string
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(buffer)
  } catch {
    errors.push({ ruleId: "encoding", message: "The document is not valid UTF-8", line: 1, column: 1, selector: null })
    text = new TextDecoder("utf-8").decode(buffer)
  }
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  for (const match of text.matchAll(/[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F\uFDD0-\uFDEF\uFFFE\uFFFF]/g)) {
    const char = match[0]
    const code = `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`
    const context = JSON.stringify(text.slice(Math.max(0, match.index - 40), match.index + 20))
    errors.push({
      ruleId: char === "\u0000" ? "unexpected-null-character" : /[\uFDD0-\uFDEF\uFFFE\uFFFF]/.test(char) ? "noncharacter-in-input-stream" : "control-character-in-input-stream",
      message: `${code} in the document (an HTML parse error) in ${context}`,
      ...lineAndColumn(text, match.index),
      selector: null,
    })
  }
  return errors
}

export async function validateHtml(root: string, origin: string, pages: AuditPage[]): Promise<Record<string, HtmlResult>> {
  const validator = new HtmlValidate(new FileSystemConfigLoader())
  const results: Record<string, HtmlResult> = {}
  for (const page of pages) {
    const result: HtmlResult = { errors: 0, warnings: 0, messages: [] }
    results[page.route] = result
    try {
      const response = await servedHtml(origin + page.route)
      if (response.status !== page.status) {
        result.messages.push({ ruleId: "http-status", severity: 2, message: `served with status ${response.status}, expected ${page.status}`, line: 0, column: 0 })
      }
      // the file name only picks the config (.htmlvalidate.mjs) and names the page
      const report = await validator.validateString(response.body.toString("utf8"), path.join(root, page.file))
      for (const { ruleId, severity, message, line, column, selector } of report.results.flatMap((file) => file.messages)) {
        result.messages.push({ ruleId, severity, message, line, column, selector })
      }
      for (const error of inputStreamErrors(response.body)) result.messages.push({ ...error, severity: 2 })
    } catch (error) {
      result.messages.push({ ruleId: "audit", severity: 2, message: `could not validate: ${errorMessage(error)}`, line: 0, column: 0 })
    }
    result.errors = result.messages.filter((message) => message.severity === 2).length
    result.warnings = result.messages.filter((message) => message.severity === 1).length
    log(`  html ${page.route}: ${result.errors} errors, ${result.warnings} warnings`)
  }
  return results
}
