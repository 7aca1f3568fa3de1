import * as React from "react"
import { graphql } from "gatsby"
import { contactFormHref } from "../../lib/links"
import { SmartLink } from "../primitives/SmartLink"
import "./CallToAction.css"

export function CallToAction({ data }: { data: Queries.CallToActionFragment }) {
  return (
    <section className="cta" aria-labelledby="cta-title">
      <div className="container cta__inner">
        <div>
          <p className="eyebrow">{data.eyebrow}</p>
          <h2 id="cta-title">{data.title}</h2>
          <p>{data.text}</p>
        </div>
        <div className="cta__actions">
          <SmartLink to={data.contact.to} className="button button--light">
            {data.contact.label}
          </SmartLink>
          <SmartLink to={contactFormHref(data.quote.subject, "get-a-quote")} className="button button--amber">
            {data.quote.label}
          </SmartLink>
          <SmartLink to={data.estimate.to} className="button button--light">
            {data.estimate.label}
          </SmartLink>
        </div>
      </div>
    </section>
  )
}

export const query = graphql`
  fragment CallToAction on CallToActionJson {
    eyebrow
    title
    text
    contact {
      label
      to
    }
    quote {
      label
      subject
    }
    estimate {
      label
      to
    }
  }
`
