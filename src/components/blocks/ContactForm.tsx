import * as React from "react"
import { graphql } from "gatsby"
import { FORMS, LEAD_PAGE } from "../../forms/fields"
import { useFormSubmit } from "../../hooks/use-form-submit"
import type { FormCopy } from "../../hooks/use-form-submit"
import { pageBefore } from "../../lib/lead-source"
import { CONTACT_FORM_ID } from "../../lib/links"
import { PrivacyNote } from "../primitives/PrivacyNote"
import { FieldError, FormStatus, Honeypot } from "../primitives/FormParts"
import "./ContactForm.css"

type FieldName = keyof typeof FORMS.contact

/** How each field is typed into; required flags and lengths come from the shared rules in FORMS. */
const CONTROLS: Record<FieldName, { type: "text" | "email" | "tel" | "textarea"; autoComplete?: string }> = {
  username: { type: "text", autoComplete: "name" },
  email: { type: "email", autoComplete: "email" },
  phone: { type: "tel", autoComplete: "tel" },
  subject: { type: "text" },
  message: { type: "textarea" },
}

interface Props {
  data: Queries.ContactFormFragment
  copy: FormCopy
  privacy: Queries.PrivacyNotesFragment
}

/**
 * The contact form: username, email, phone and subject required, message
 * optional (as FORMS.contact says, which the server checks too), posted to the
 * site's endpoint: a plain POST without JavaScript, inline with it (see
 * useFormSubmit). A subject passed in the address (?subject=Conveyor%20Belt,
 * from "Get a Quote" and the machine links) is filled in when the field is
 * still empty.
 */
export function ContactForm({ data, copy, privacy }: Props) {
  const { state, onSubmit, errorProps } = useFormSubmit(copy)
  const subjectRef = React.useRef<HTMLInputElement>(null)
  const leadPageRef = React.useRef<HTMLInputElement>(null)
  React.useEffect(() => {
    const subject = new URLSearchParams(window.location.search).get("subject")
    if (subject && subjectRef.current && !subjectRef.current.value) {
      subjectRef.current.value = subject.slice(0, FORMS.contact.subject.max)
    }
    // where the visitor was before the form (the call to action itself is in the address)
    if (leadPageRef.current) leadPageRef.current.value = pageBefore() ?? ""
  }, [])

  return (
    <form
      id={CONTACT_FORM_ID}
      className="contact-form"
      method="post"
      action="/api/contact"
      aria-labelledby="contact-form-title"
      aria-busy={state.phase === "sending"}
      onSubmit={onSubmit}
    >
      <h2 id="contact-form-title">{data.title}</h2>
      <p>{data.text}</p>
      <p className="contact-form__note">{data.requiredNote}</p>
      <div className="contact-form__grid">
        {(Object.keys(CONTROLS) as FieldName[]).map((name) => {
          const id = `contact-${name}`
          const { required, max } = FORMS.contact[name]
          const { type, autoComplete } = CONTROLS[name]
          const { label, placeholder } = data.fields[name]
          const shared = { id, name, required, maxLength: max, placeholder, ...errorProps(id, name) }
          return (
            <div key={name} className={`field${type === "textarea" ? " field--wide" : ""}`}>
              <label htmlFor={id}>
                {label}
                {required ? <span aria-hidden="true"> *</span> : null}
              </label>
              {type === "textarea" ? (
                <textarea {...shared} rows={6} />
              ) : (
                <input {...shared} type={type} autoComplete={autoComplete} ref={name === "subject" ? subjectRef : undefined} />
              )}
              <FieldError id={id} message={state.errors[name]} />
            </div>
          )
        })}
      </div>
      <Honeypot id="contact-website" label={copy.trapLabel} />
      <input type="hidden" name={LEAD_PAGE} ref={leadPageRef} defaultValue="" />
      <button type="submit" className="button button--amber">
        {data.submit}
      </button>
      <PrivacyNote privacy={privacy} form="contact" />
      <FormStatus id="contact-status" state={state} />
    </form>
  )
}

export const query = graphql`
  fragment ContactForm on ContactForm {
    title
    text
    requiredNote
    submit
    fields {
      username {
        label
        placeholder
      }
      email {
        label
        placeholder
      }
      phone {
        label
        placeholder
      }
      subject {
        label
        placeholder
      }
      message {
        label
        placeholder
      }
    }
  }
`
