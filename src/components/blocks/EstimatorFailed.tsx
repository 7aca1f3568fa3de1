import * as React from "react"
import { useLocalize } from "../../hooks/use-language"
import { contactFormHref } from "../../lib/links"
import { SectionHeading } from "../primitives/SectionHeading"
import type { EstimatorCopy } from "./Estimator"

/**
 * In the calculator's place should it ever fail (src/pages/estimate.tsx
 * wraps it in an ErrorBoundary): its heading, what happened, and the way
 * to the contact form; the table and the method below it stay.
 */
export function EstimatorFailed({ data }: { data: EstimatorCopy }) {
  const localize = useLocalize()
  return (
    <section className="section estimator" aria-labelledby="estimator-heading">
      <div className="container">
        <SectionHeading eyebrow={data.eyebrow} title={data.heading} intro={data.intro} id="estimator-heading" />
        <p className="estimator__failure" role="alert">
          {data.failure.text}
        </p>
        <p className="estimator__actions">
          <a className="button button--green" href={localize(contactFormHref(data.failure.subject, "estimate"))}>
            {data.failure.contact}
          </a>
        </p>
      </div>
    </section>
  )
}
