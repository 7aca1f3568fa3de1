import * as React from "react"
import { useLocalize } from "../../../hooks/use-language"
import { type EstimateModel, type Inputs, type Stream } from "../../../lib/estimate"
import { quoteEstimate } from "../../../lib/estimate-quote"
import { stringifyEstimate } from "../../../lib/forms/estimate-payload"
import { ESTIMATE } from "../../../lib/forms/fields"
import { CONTACT_FORM_ID, contactFormHref, LEAD_SOURCE_PARAM, type LeadSource } from "../../../lib/links"
import { fill } from "../../../lib/text"

type Props = {
  data: Queries.EstimatorFragment
  model: EstimateModel
  inputs: Inputs
  stream: Stream
  /** the page's number locale (numberLocale) */
  numbers: string
  live: boolean
}

/** What to do with an estimate (there is one): ask for a quote with it, read its sources, print it */
export function EstimateActions({ data, model, inputs, stream, numbers, live }: Props) {
  const localize = useLocalize()
  // the contact form's link carries the estimate; the forms' server makes it again from the inputs to check what is posted
  const quoteHref = `/contact?${new URLSearchParams({ subject: fill(data.results.quoteSubject, { stream: stream.name }), [LEAD_SOURCE_PARAM]: "estimate" satisfies LeadSource, [ESTIMATE]: stringifyEstimate(quoteEstimate(model, data, inputs, numbers)) }).toString()}#${CONTACT_FORM_ID}`
  return (
    <p className="estimator__actions">
      {/* Until the script runs, the page shows the default estimate, which is not the visitor's: the link carries none
          then, and without JavaScript it is hidden (Estimator.css) for the plain way to ask for an estimate below */}
      <a
        className="button button--green estimator__quote"
        href={localize(live ? quoteHref : contactFormHref(fill(data.results.quoteSubject, { stream: stream.name }), "estimate"))}
      >
        {data.results.quote}
      </a>
      <noscript>
        <a className="button button--green" href={localize(contactFormHref(data.failure.subject, "estimate"))}>
          {data.failure.contact}
        </a>
      </noscript>
      <a href="#how-we-estimate">{data.results.sources}</a>
      {/* printing needs the script; the browser's own menu prints the same page without it */}
      {live && (
        <button type="button" className="button estimator__print" onClick={() => window.print()}>
          {data.results.print}
        </button>
      )}
    </p>
  )
}
