import * as React from "react"
import { graphql } from "gatsby"
import { FORMS } from "../../forms/fields"
import { CONTACT_FORM_ID } from "../../lib/links"

const LIMITS = FORMS.contact

interface Props {
  data: Queries.ContactFormFragment
}

/**
 * The contact form: username, email, phone and subject required, message
 * optional, posted to the site's endpoint. A subject passed in the address
 * (?subject=Conveyor%20Belt, from "Get a Quote" and the machine links) is
 * filled in when the field is still empty.
 */
export function ContactForm({ data }: Props) {
  const subjectRef = React.useRef<HTMLInputElement>(null)
  React.useEffect(() => {
    const subject = new URLSearchParams(window.location.search).get("subject")
    if (subject && subjectRef.current && !subjectRef.current.value) {
      subjectRef.current.value = subject.slice(0, LIMITS.subject.max)
    }
  }, [])

  const { fields } = data
  return (
    <form id={CONTACT_FORM_ID} className="contact-form" method="post" action="/api/contact" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">{data.title}</h2>
      <p>{data.text}</p>
      <p className="contact-form__note">{data.requiredNote}</p>
      <div className="contact-form__grid">
        <Field id="contact-username" label={fields.username.label} required>
          <input id="contact-username" name="username" type="text" required autoComplete="name" maxLength={LIMITS.username.max} placeholder={fields.username.placeholder} />
        </Field>
        <Field id="contact-email" label={fields.email.label} required>
          <input id="contact-email" name="email" type="email" required autoComplete="email" maxLength={LIMITS.email.max} placeholder={fields.email.placeholder} />
        </Field>
        <Field id="contact-phone" label={fields.phone.label} required>
          <input id="contact-phone" name="phone" type="tel" required autoComplete="tel" maxLength={LIMITS.phone.max} placeholder={fields.phone.placeholder} />
        </Field>
        <Field id="contact-subject" label={fields.subject.label} required>
          <input id="contact-subject" name="subject" type="text" required ref={subjectRef} maxLength={LIMITS.subject.max} placeholder={fields.subject.placeholder} />
        </Field>
        <Field id="contact-message" label={fields.message.label} wide>
          <textarea id="contact-message" name="message" rows={6} maxLength={LIMITS.message.max} placeholder={fields.message.placeholder} />
        </Field>
      </div>
      <button type="submit" className="button button--amber">
        {data.submit}
      </button>
    </form>
  )
}

function Field({ id, label, required, wide, children }: { id: string; label: string; required?: boolean; wide?: boolean; children: React.ReactNode }) {
  return (
    <div className={`field${wide ? " field--wide" : ""}`}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children}
    </div>
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
