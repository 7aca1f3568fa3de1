import * as React from "react"
import { graphql } from "gatsby"
import { ContentImage } from "../primitives/ContentImage"
import { Reveal } from "../primitives/Reveal"
import { SectionHeading } from "../primitives/SectionHeading"
import "./ServiceIndustry.css"

export function ServiceIndustry({ data }: { data: Queries.ServiceIndustryFragment }) {
  return (
    <section className="section services" aria-labelledby="services-title">
      <div className="container">
        <SectionHeading eyebrow={data.eyebrow} title={data.title} intro={data.intro} id="services-title" align="center" />
        <ul className="card-grid card-grid--4">
          {data.cards.map((card) => (
            <Reveal as="li" key={card.title} className="service-card" delay={card.delay}>
              <ContentImage file={card.image} alt={card.alt} className="service-card__image" />
              <div className="service-card__body">
                <h3>{card.title}</h3>
                <p>{card.description}</p>
              </div>
            </Reveal>
          ))}
        </ul>
      </div>
    </section>
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
          gatsbyImageData(width: 360, aspectRatio: 1.5, outputPixelDensities: [1, 2], sizes: "(min-width: 1240px) 280px, (min-width: 1024px) 22vw, (min-width: 600px) 46vw, 92vw")
        }
      }
    }
  }
`
