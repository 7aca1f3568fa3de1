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

interface SummaryProps {
  title: string
  /** Each field at fault: its element's id and its message */
  errors: { id: string; text: string }[]
  anchor: React.RefObject<HTMLDivElement>
}

/**
 * The list of a refused form's errors, on top of the form: an alert that
 * takes focus (useFormSubmit), each error a link to its field. Following a
 * link focuses the field itself and brings its label into view with it
 * (a plain #id link scrolls the field alone to the top and leaves focus
 * where it was). Absent while nothing is wrong.
 */
export function ErrorSummary({ title, errors, anchor }: SummaryProps) {
  if (errors.length === 0) return null
  const toField = (event: React.MouseEvent<HTMLAnchorElement>, id: string) => {
    const field = document.getElementById(id)
    if (!field) return
    event.preventDefault()
    document.querySelector(`label[for="${id}"]`)?.scrollIntoView({ block: "start" })
    field.focus({ preventScroll: true })
  }
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={anchor}>
      <h3 className="error-summary__title">{title}</h3>
      <ul>
        {errors.map(({ id, text }) => (
          <li key={id}>
            <a href={`#${id}`} onClick={(event) => toField(event, id)}>
              {text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
