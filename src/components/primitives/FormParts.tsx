import * as React from "react"
import { HONEYPOT, LANGUAGE } from "../../lib/forms/fields"
import { DEFAULT_LANGUAGE } from "../../lib/languages"
import { useLanguage } from "../../hooks/use-language"
import type { SubmitState } from "../../hooks/use-form-submit"
import "./FormParts.css"

/** A field people never see or reach; bots that fill in every input fill it in too. */
export function Honeypot({ id, label }: { id: string; label: string }) {
  return (
    <div className="form-trap" aria-hidden="true">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={HONEYPOT} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  )
}

/**
 * Tells the server the page's language, so its answers, a form shown again
 * and the e-mails come in it; left out on the default language's pages,
 * which the server assumes (their markup stays as it was).
 */
export function LanguageField() {
  const language = useLanguage()
  return language === DEFAULT_LANGUAGE.code ? null : <input type="hidden" name={LANGUAGE} value={language} />
}

/** The live region a form announces its outcome in; present from the start so screen readers hear every change. */
export function FormStatus({ id, state }: { id: string; state: SubmitState }) {
  return (
    <p id={id} className={`form-status form-status--${state.phase}`} role="status" aria-live="polite">
      {state.message}
    </p>
  )
}

/** The server's message for one field, tied to it by aria-describedby. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={`${id}-error`} className="field__error">
      {message}
    </p>
  ) : null
}
