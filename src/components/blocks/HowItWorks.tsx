import * as React from "react"
import { graphql } from "gatsby"
import { Reveal } from "../primitives/Reveal"
import { SectionHeading } from "../primitives/SectionHeading"
import "./HowItWorks.css"

/** The numbered steps of a solution's process. */
export function HowItWorks({ data }: { data: Queries.HowItWorksFragment }) {
  return (
    <section className="section section--tint how-it-works" aria-labelledby="how-it-works-title">
      <div className="container">
        <SectionHeading eyebrow={data.eyebrow} title={data.title} intro={data.intro} id="how-it-works-title" align="center" />
        <ol className={`steps steps--${data.steps.length}`}>
          {data.steps.map((step, index) => (
            <Reveal as="li" key={step.id} id={`step-${step.id}`} className="step">
              <span className="step__number" aria-hidden="true">
                {String(index + 1).padStart(2, "0")}
              </span>
              <img className="step__icon" src={step.icon.publicURL ?? ""} alt="" width={48} height={48} loading="lazy" />
              <h3>{step.title}</h3>
              <p>{step.description}</p>
            </Reveal>
          ))}
        </ol>
      </div>
    </section>
  )
}

export const query = graphql`
  fragment HowItWorks on HowItWorks {
    eyebrow
    title
    intro
    steps {
      id
      title
      description
      icon {
        publicURL
      }
    }
  }
`
