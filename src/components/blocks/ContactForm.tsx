import * as React from "react"
import { graphql } from "gatsby"
import type { Estimate } from "../../lib/forms/estimate-payload"
import { ESTIMATE, FORMS, LEAD_PAGE } from "../../lib/forms/fields"
import { useFormSubmit } from "../../hooks/use-form-submit"
import { useLanguage } from "../../hooks/use-language"
import type { CheckedField, FormCopy } from "../../hooks/use-form-submit"
import { pageBefore } from "../../lib/lead-source"
import { CONTACT_FORM_ID } from "../../lib/links"
import { numberLocale } from "../../lib/language-notation"
import { fill } from "../../lib/text"
import { PrivacyNote } from "../primitives/PrivacyNote"
import { ErrorSummary, FieldError, FormStatus, Honeypot, LanguageField } from "../primitives/FormParts"
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
  /** The estimator's waste streams as the page's language names them: an estimate named otherwise was made in another language */
  streams: readonly string[]
}

const addressNeverChanges = () => () => undefined

/**
 * The rules that read and write an estimate: fetched only when the address
 * carries one (most visits to the form come without), in a chunk of their
 * own rather than in the contact page's start-up scripts.
 */
const loadPayload = () => import(/* webpackChunkName: "estimate-payload" */ "../../lib/forms/estimate-payload")
type Payload = Awaited<ReturnType<typeof loadPayload>>

type Attached = { json: string; estimate: Estimate; payload: Payload }
/** What became of the address's estimate: attached, or lost (it cannot be read, or its rules did not arrive) */
type Attachment = { json: string } & ({ kept: true; attached: Attached } | { kept: false })

/**
 * The estimate in the address (?estimate=), once its rules have come:
 * attached when it can be read, lost when it cannot be (or its rules do not
 * arrive), so the form can say so rather than send the message without it
 * unannounced; undefined until then and without one.
 */
function useAttachment(search: string): Attachment | undefined {
  const json = new URLSearchParams(search).get(ESTIMATE)
  const [attachment, setAttachment] = React.useState<Attachment>()
  React.useEffect(() => {
    if (!json) return
    let current = true
    loadPayload()
      .then((payload) => {
        const reading = payload.parseEstimate(json)
        if (!current) return
        setAttachment(reading.ok ? { json, kept: true, attached: { json, estimate: reading.estimate, payload } } : { json, kept: false })
      })
      .catch(() => {
        if (current) setAttachment({ json, kept: false })
      })
    return () => {
      current = false
    }
  }, [json])
  return attachment?.json === json ? attachment : undefined
}

/**
 * The contact form: username, email, phone and subject required, message
 * optional (as FORMS.contact says, which the server checks too), posted to the
 * site's endpoint: a plain POST without JavaScript, inline with it (see
 * useFormSubmit). A subject passed in the address (?subject=Conveyor%20Belt,
 * from "Get a Quote" and the machine links) is filled in when the field is
 * still empty. An estimate passed in the address (?estimate=<JSON>, from
 * /estimate) is written into an empty message and subject when it is in the
 * page's language, and goes with the message in a hidden field until the
 * visitor removes it; of one that cannot be read, the form says it is not
 * attached.
 */
export function ContactForm({ data, copy, privacy, streams }: Props) {
  // each field as the page checks it before sending: its rule and the label its errors name
  const checked = React.useMemo(
    () =>
      Object.fromEntries(
        (Object.keys(CONTROLS) as FieldName[]).map((name): [string, CheckedField] => [
          name,
          { id: `contact-${name}`, label: data.fields[name].label, rule: FORMS.contact[name] },
        ]),
      ),
    [data.fields],
  )
  const { state, onSubmit, onEdit, errorProps, summary } = useFormSubmit(copy, checked)
  const subjectRef = React.useRef<HTMLInputElement>(null)
  const messageRef = React.useRef<HTMLTextAreaElement>(null)
  const leadPageRef = React.useRef<HTMLInputElement>(null)
  const texts = data.estimate
  // the estimate's figures as the page's language writes them (1,00,000 on /hi/contact)
  const numbers = numberLocale(useLanguage())
  // The address only exists in the browser: the page's HTML and its hydration
  // read "", and the render right after hydration reads the real one
  const search = React.useSyncExternalStore(
    addressNeverChanges,
    () => window.location.search,
    () => "",
  )
  const attachment = useAttachment(search)
  const attached = attachment?.kept ? attachment.attached : undefined
  const [removed, setRemoved] = React.useState(false)
  // the estimate went with the message that was sent; the emptied form starts without it
  if (state.phase === "sent" && attached && !removed) setRemoved(true)
  const estimate = removed ? undefined : attached

  React.useEffect(() => {
    const subject = new URLSearchParams(window.location.search).get("subject")
    if (subject && subjectRef.current && !subjectRef.current.value) {
      subjectRef.current.value = subject.slice(0, FORMS.contact.subject.max)
    }
    // where the visitor was before the form (the call to action itself is in the address)
    if (leadPageRef.current) leadPageRef.current.value = pageBefore() ?? ""
  }, [])
  React.useEffect(() => {
    // An estimate made in another language (the language switch carries it here) goes with the message as it is,
    // and the team reads it in one language; its words would mix two languages in the message and the subject
    if (!attached || !streams.includes(attached.estimate.stream)) return
    // only into empty fields: what the visitor (or ?subject=) put there stays
    if (messageRef.current && !messageRef.current.value) {
      messageRef.current.value = attached.payload.formatEstimate(attached.estimate, texts, numbers).join("\n").slice(0, FORMS.contact.message.max)
    }
    if (subjectRef.current && !subjectRef.current.value) {
      subjectRef.current.value = fill(texts.subject, { stream: attached.estimate.stream }).slice(0, FORMS.contact.subject.max)
    }
  }, [attached, texts, numbers, streams])
  const removeEstimate = () => {
    setRemoved(true)
    // the button goes with the note: focus moves on to the message rather than to the page's top
    messageRef.current?.focus()
  }

  return (
    <form
      id={CONTACT_FORM_ID}
      className="contact-form"
      method="post"
      action="/api/contact"
      aria-labelledby="contact-form-title"
      aria-busy={state.phase === "sending"}
      // the page's own check, in the page's language, replaces the browser's (see useFormSubmit)
      noValidate
      onSubmit={onSubmit}
      onChange={onEdit}
      onBlur={onEdit}
    >
      <h2 id="contact-form-title">{data.title}</h2>
      <p>{data.text}</p>
      <p className="contact-form__note">{data.requiredNote}</p>
      <ErrorSummary title={copy.errorPage.title} {...summary} />
      {estimate ? (
        <div className="contact-form__estimate">
          <p>{texts.note}</p>
          <button
            type="button"
            className="contact-form__estimate-remove"
            onClick={removeEstimate}
            aria-describedby={state.errors[ESTIMATE] ? "contact-estimate-error" : undefined}
          >
            {texts.remove}
          </button>
          <FieldError id="contact-estimate" message={state.errors[ESTIMATE]} />
          <input type="hidden" name={ESTIMATE} value={estimate.json} />
        </div>
      ) : null}
      {attachment && !attachment.kept && state.phase !== "sent" ? (
        <p className="contact-form__estimate contact-form__estimate--lost" role="status">
          {texts.unreadable}
        </p>
      ) : null}
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
                <textarea {...shared} rows={6} ref={messageRef} />
              ) : (
                <input {...shared} type={type} autoComplete={autoComplete} ref={name === "subject" ? subjectRef : undefined} />
              )}
              <FieldError id={id} message={state.errors[name]} />
            </div>
          )
        })}
      </div>
      <Honeypot id="contact-website" label={copy.trapLabel} />
      <LanguageField />
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
    estimate {
      note
      remove
      unreadable
      subject
      summary
      perDay
      perYear
      result
    }
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
