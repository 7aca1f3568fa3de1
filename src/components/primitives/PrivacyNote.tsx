import * as React from "react"
import { graphql } from "gatsby"
import { LocalLink } from "./LocalLink"
import { PRIVACY_PATH } from "../../lib/links"
import { fill } from "../../lib/text"
import "./PrivacyNote.css"

interface Props {
  privacy: Queries.PrivacyNotesFragment
  /** Which form the note stands beside */
  form: "contact" | "subscribe"
}

/** The one line at a form's submit button: what happens to what is sent, with the link to the privacy notice. */
export function PrivacyNote({ privacy, form }: Props) {
  return (
    <p className="form-note">
      {fill(privacy.formNotice[form], privacy.retention)} <LocalLink to={PRIVACY_PATH}>{privacy.formNotice.link}</LocalLink>
    </p>
  )
}

export const query = graphql`
  fragment PrivacyNotes on PrivacyJson {
    formNotice {
      contact
      subscribe
      link
    }
    retention {
      contactDays
      unconfirmedDays
      keyDays
    }
  }
`
