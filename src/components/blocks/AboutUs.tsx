import * as React from "react"
import { graphql } from "gatsby"
import { ContentImage } from "../primitives/ContentImage"
import { Reveal } from "../primitives/Reveal"
import { SectionHeading } from "../primitives/SectionHeading"
import { SmartLink } from "../primitives/SmartLink"
import "./text-and-picture.css"

export const ABOUT_ID = "about"

export function AboutUs({ data }: { data: Queries.AboutUsFragment }) {
  return (
    <section className="section about" id={ABOUT_ID} aria-labelledby="about-title">
      <div className="container about__grid">
        <Reveal className="about__media">
          <ContentImage file={data.image} alt={data.alt} className="rounded" />
        </Reveal>
        <div className="about__text">
          <SectionHeading eyebrow={data.eyebrow} title={data.title} id="about-title" />
          {data.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {data.link ? (
            <SmartLink to={data.link.to} className="button button--green">
              {data.link.label}
            </SmartLink>
          ) : null}
        </div>
      </div>
    </section>
  )
}

export const query = graphql`
  fragment AboutUs on AboutJson {
    eyebrow
    title
    paragraphs
    alt
    link {
      label
      to
    }
    image {
      childImageSharp {
        gatsbyImageData(width: 560, outputPixelDensities: [0.65, 1, 1.5], sizes: "(min-width: 1240px) 564px, (min-width: 992px) 44vw, 92vw")
      }
    }
  }
`
