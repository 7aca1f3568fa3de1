import * as React from "react"
import { graphql } from "gatsby"
import { FILL_TIME, IDEMPOTENCY_KEY, type FieldRule } from "../lib/forms/fields"
import { checkField, faultText } from "../lib/forms/field-check"
import { useOnScreenSince } from "./use-on-screen-since"

/** The forms' own words the browser needs: the trap's label, the live region's messages, the errors it can meet without the server's answer */
export type FormCopy = Queries.FormCopyFragment

export type SubmitPhase = "idle" | "sending" | "sent" | "failed"

/** A field the page checks before sending: its element's id, its visible label (the errors' {label}) and its rule (FORMS) */
export interface CheckedField {
  id: string
  label: string
  rule: FieldRule
}

export interface SubmitState {
  phase: SubmitPhase
  /** What the live region says */
  message: string
  /** Field name → its message, the page's own check's or the server's */
  errors: Record<string, string>
  /** Counts the refusals, so each moves focus to the error summary once */
  refusals: number
}

interface ServerAnswer {
  ok?: boolean
  message?: string
  errors?: { field: string; message: string }[]
}

/** A fresh key per message; getRandomValues works on plain http too, unlike randomUUID. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")
}

/**
 * Sends a form inline when JavaScript runs: the same POST the browser would
 * make without it, as JSON, plus how long the form was on screen and an
 * idempotency key (a retry after a lost answer is stored once). Before that
 * it checks each field with the server's own rules (src/lib/forms/field-check.ts;
 * the form has novalidate, so the browser's bubbles, in the browser's
 * language, never show) and sends nothing while one fails. What was typed
 * stays until the server has stored it; the outcome is announced through the
 * form's live region, the field errors (the page's or the server's, in the
 * content's words) stand beside their fields and in the error summary,
 * which takes focus.
 */
export function useFormSubmit(copy: FormCopy, fields: Record<string, CheckedField>) {
  const [state, setState] = React.useState<SubmitState>({ phase: "idle", message: "", errors: {}, refusals: 0 })
  const summaryRef = React.useRef<HTMLDivElement>(null)
  const shownAt = React.useRef(0)
  const key = React.useRef("")
  const sending = React.useRef(false)
  const onScreenSince = useOnScreenSince()

  /** A field's message in the page's words, or undefined when its value passes */
  const fault = React.useCallback(
    (name: string, value: string) => {
      const field = fields[name]
      const result = field ? checkField(field.rule, value) : { value }
      return "code" in result ? faultText(copy.errors, result.code, field!.label, field!.rule.max) : undefined
    },
    [copy, fields],
  )

  // After a refusal the summary takes focus (a screen reader reads it out), or, with no summary, the first field at fault
  React.useEffect(() => {
    if (!state.refusals) return
    if (summaryRef.current) summaryRef.current.focus()
    else document.getElementById(Object.keys(state.errors).map((name) => fields[name]?.id ?? "")[0] ?? "")?.focus()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per refusal, not on every correction
  }, [state.refusals])

  React.useEffect(() => {
    shownAt.current = onScreenSince ?? performance.now()
    key.current = newKey()
  }, [onScreenSince])

  const onSubmit = React.useCallback(
    async (event: React.FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      if (sending.current) return
      sending.current = true
      const form = event.currentTarget
      const body: Record<string, string> = {}
      new FormData(form).forEach((value, name) => {
        if (typeof value === "string") body[name] = value
      })
      const faults: Record<string, string> = {}
      for (const name of Object.keys(fields)) {
        const text = fault(name, body[name] ?? "")
        if (text) faults[name] = text
      }
      if (Object.keys(faults).length > 0) {
        sending.current = false
        setState((previous) => ({ phase: "failed", message: copy.status.failed, errors: faults, refusals: previous.refusals + 1 }))
        return
      }
      body[FILL_TIME] = String(Math.round(performance.now() - shownAt.current))
      body[IDEMPOTENCY_KEY] = key.current
      setState((previous) => ({ ...previous, phase: "sending", message: copy.status.sending }))
      try {
        const response = await fetch(form.action, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify(body),
        })
        const answer = (await response.json().catch(() => ({}))) as ServerAnswer
        if (response.ok && answer.ok) {
          form.reset()
          key.current = newKey()
          shownAt.current = performance.now()
          setState((previous) => ({ ...previous, phase: "sent", message: answer.message ?? "", errors: {} }))
          return
        }
        const errors: Record<string, string> = {}
        const general: string[] = []
        for (const error of answer.errors ?? []) {
          if (form.elements.namedItem(error.field)) errors[error.field] ??= error.message
          else general.push(error.message)
        }
        const fallback = response.status === 413 ? copy.errors.too_large : response.status >= 500 ? copy.errors.server : copy.status.failed
        setState((previous) => ({
          phase: "failed",
          message: [answer.message ?? fallback, ...general].join(" "),
          errors,
          refusals: previous.refusals + (Object.keys(errors).length > 0 ? 1 : 0),
        }))
      } catch {
        setState((previous) => ({ ...previous, phase: "failed", message: copy.status.offline, errors: {} }))
      } finally {
        sending.current = false
      }
    },
    [copy, fields, fault],
  )

  /**
   * A field at fault is checked again as it is corrected: its message goes
   * as soon as the value passes, and is brought up to date when the visitor
   * leaves it. A field without a message is left alone until the next send.
   */
  const onEdit = (event: React.SyntheticEvent<HTMLFormElement>) => {
    const { name, value } = event.target as HTMLInputElement
    if (!state.errors[name] || !fields[name]) return
    const text = fault(name, value)
    if (text && (event.type === "change" || text === state.errors[name])) return
    setState((previous) => {
      const { [name]: _, ...rest } = previous.errors
      return { ...previous, errors: text ? { ...rest, [name]: text } : rest }
    })
  }

  /** Props that tie a field to its error message, if it has one. */
  const errorProps = (id: string, name: string) => (state.errors[name] ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {})

  /** The error summary's list: each field at fault, in the form's order, with its message */
  const summary = {
    anchor: summaryRef,
    errors: Object.keys(fields)
      .filter((name) => state.errors[name])
      .map((name) => ({ id: fields[name]!.id, text: state.errors[name]! })),
  }

  return { state, onSubmit, onEdit, errorProps, summary }
}

export const formCopyFragment = graphql`
  fragment FormCopy on FormsJson {
    trapLabel
    status {
      sending
      contactSent
      subscribeSent
      failed
      offline
    }
    errors {
      required
      too_long
      invalid_email
      invalid_phone
      line_break
      not_text
      too_large
      server
    }
    errorPage {
      title
    }
  }
`
