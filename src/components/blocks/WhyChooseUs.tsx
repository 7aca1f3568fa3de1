import * as React from "react"
import { graphql } from "gatsby"
import { ContentImage } from "../primitives/ContentImage"
import { Reveal } from "../primitives/Reveal"
import { SectionHeading } from "../primitives/SectionHeading"
import "./WhyChooseUs.css"

export function WhyChooseUs({ data }: { data: Queries.WhyChooseUsFragment }) {
  const points = [...data.points].sort((a, b) => a.column - b.column)
  return (
    <section className="section section--dark why" aria-labelledby="why-title">
      <div className="container">
        <SectionHeading eyebrow={data.eyebrow} title={data.title} intro={data.intro} id="why-title" align="center" tone="dark" />
        <ul className="card-grid card-grid--4">
          {points.map((point) => (
            <Reveal as="li" key={point.title} className="why-point">
              <ContentImage file={point.image} alt={point.alt} className="why-point__image" />
              <h3>{point.title}</h3>
              <p>{point.description}</p>
            </Reveal>
          ))}
        </ul>
      </div>
    </section>
  )
}

export const query = graphql`
  fragment WhyChooseUs on WhyChooseUsJson {
    eyebrow
    title
    intro
    points {
      column
      title
      description
      alt
      image {
        childImageSharp {
          gatsbyImageData(width: 112, height: 112, outputPixelDensities: [1, 2], placeholder: NONE)
        }
      }
    }
  }
`
