import * as React from "react"
import { graphql } from "gatsby"
import { CardGridSection } from "../primitives/CardGridSection"
import { ContentImage } from "../primitives/ContentImage"
import "./WhyChooseUs.css"

export function WhyChooseUs({ data }: { data: Queries.WhyChooseUsFragment }) {
  const points = [...data.points].sort((a, b) => a.column - b.column)
  return (
    <CardGridSection className="section--dark why" headingId="why-title" heading={{ ...data, tone: "dark" }} items={points} cardClassName="why-point">
      {(point) => (
        <>
          <ContentImage file={point.image} alt={point.alt} className="why-point__image" />
          <h3>{point.title}</h3>
          <p>{point.description}</p>
        </>
      )}
    </CardGridSection>
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
