import * as React from "react"
import { graphql } from "gatsby"
import { CardGridSection } from "../primitives/CardGridSection"
import { ContentImage } from "../primitives/ContentImage"
import "./ServiceIndustry.css"

export function ServiceIndustry({ data }: { data: Queries.ServiceIndustryFragment }) {
  return (
    <CardGridSection className="services" headingId="services-title" heading={data} items={data.cards} cardClassName="service-card">
      {(card) => (
        <>
          <ContentImage file={card.image} alt={card.alt} className="service-card__image" />
          <div className="service-card__body">
            <h3>{card.title}</h3>
            <p>{card.description}</p>
          </div>
        </>
      )}
    </CardGridSection>
  )
}

export const query = graphql`
  fragment ServiceIndustry on ServicesJson {
    eyebrow
    title
    intro
    cards {
      title
      description
      alt
      delay
      image {
        childImageSharp {
          gatsbyImageData(
            width: 360
            aspectRatio: 1.5
            outputPixelDensities: [1, 2]
            sizes: "(min-width: 1240px) 280px, (min-width: 1024px) 22vw, (min-width: 600px) 46vw, 92vw"
          )
        }
      }
    }
  }
`
