import * as React from "react"
import { graphql } from "gatsby"
import { FILL_TIME, IDEMPOTENCY_KEY } from "../lib/forms/fields"
import { useOnScreenSince } from "./use-on-screen-since"

/** The forms' own words the browser needs: the trap's label, the live region's messages, the errors it can meet without the server's answer */
export type FormCopy = Queries.FormCopyFragment

export type SubmitPhase = "idle" | "sending" | "sent" | "failed"

export interface SubmitState {
  phase: SubmitPhase
  /** What the live region says */
  message: string
  /** Field name → the server's message for it */
  errors: Record<string, string>
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
 * idempotency key (a retry after a lost answer is stored once). What was typed
 * stays until the server has stored it; the outcome is announced through the
 * form's live region and the field errors come back in the content's words.
 */
export function useFormSubmit(copy: FormCopy) {
  const [state, setState] = React.useState<SubmitState>({ phase: "idle", message: "", errors: {} })
  const shownAt = React.useRef(0)
  const key = React.useRef("")
  const sending = React.useRef(false)
  const onScreenSince = useOnScreenSince()

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
          setState({ phase: "sent", message: answer.message ?? "", errors: {} })
          return
        }
        const errors: Record<string, string> = {}
        const general: string[] = []
        for (const error of answer.errors ?? []) {
          if (form.elements.namedItem(error.field)) errors[error.field] ??= error.message
          else general.push(error.message)
        }
        const fallback = response.status === 413 ? copy.errors.too_large : response.status >= 500 ? copy.errors.server : copy.status.failed
        setState({ phase: "failed", message: [answer.message ?? fallback, ...general].join(" "), errors })
        const first = Object.keys(errors)[0]
        const field = first ? form.elements.namedItem(first) : null
        if (field instanceof HTMLElement) field.focus()
      } catch {
        setState({ phase: "failed", message: copy.status.offline, errors: {} })
      } finally {
        sending.current = false
      }
    },
    [copy],
  )

  /** Props that tie a field to its error message, if it has one. */
  const errorProps = (id: string, name: string) => (state.errors[name] ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {})

  return { state, onSubmit, errorProps }
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
      too_large
      server
    }
  }
`
