import * as React from "react"
import { graphql } from "gatsby"
import { FORMS } from "../../lib/forms/fields"
import { useFormSubmit } from "../../hooks/use-form-submit"
import type { FormCopy } from "../../hooks/use-form-submit"
import { ErrorSummary, FieldError, FormStatus, Honeypot, LanguageField } from "../primitives/FormParts"
import { PrivacyNote } from "../primitives/PrivacyNote"
import "./SubscribeForm.css"

interface Props {
  labels: Queries.SubscribeLabelsFragment
  copy: FormCopy
  privacy: Queries.PrivacyNotesFragment
}

/**
 * The footer's newsletter sign-up: one required e-mail field, posted to the
 * site's endpoint (inline with JavaScript, a plain POST without). The server
 * answers with a double opt-in: a confirmation link by e-mail. A fault gets
 * the contact form's treatment, an error summary too: one short box, the
 * same code, and a screen reader hears it the same way on either form.
 */
export function SubscribeForm({ labels, copy, privacy }: Props) {
  const checked = React.useMemo(() => ({ email: { id: "subscribe-email", label: labels.emailLabel, rule: FORMS.subscribe.email } }), [labels.emailLabel])
  const { state, onSubmit, onEdit, errorProps, summary } = useFormSubmit(copy, checked)
  return (
    <div className="subscribe">
      <div className="subscribe__text">
        <h2 id="subscribe-title" className="subscribe__title">
          {labels.title}
        </h2>
        <p>{labels.text}</p>
      </div>
      <form
        className="subscribe__form"
        method="post"
        action="/api/subscribe"
        aria-labelledby="subscribe-title"
        aria-busy={state.phase === "sending"}
        // the page's own check, in the page's language, replaces the browser's; before this code arrives the server's
        noValidate
        onSubmit={onSubmit}
        onChange={onEdit}
        onBlur={onEdit}
      >
        <ErrorSummary title={copy.errorPage.title} {...summary} />
        <div className="subscribe__row">
          <label htmlFor="subscribe-email" className="visually-hidden">
            {labels.emailLabel}
          </label>
          <input
            id="subscribe-email"
            className="text-input"
            type="email"
            name="email"
            required
            autoComplete="email"
            placeholder={labels.placeholder}
            maxLength={FORMS.subscribe.email.max}
            {...errorProps("subscribe-email", "email")}
          />
          <Honeypot id="subscribe-website" label={copy.trapLabel} />
          <LanguageField />
          <button type="submit" className="button button--amber">
            {labels.button}
          </button>
        </div>
        {/* under the field and its button, before the note: the message reads as the field's */}
        <FieldError id="subscribe-email" message={state.errors.email} />
        <PrivacyNote privacy={privacy} form="subscribe" />
        <FormStatus id="subscribe-status" state={state} />
      </form>
    </div>
  )
}

export const subscribeLabelsFragment = graphql`
  fragment SubscribeLabels on SiteSubscribe {
    title
    text
    emailLabel
    placeholder
    button
  }
`
