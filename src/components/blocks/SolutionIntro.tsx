import * as React from "react"
import { graphql } from "gatsby"
import { ContentImage } from "../primitives/ContentImage"
import { SectionHeading } from "../primitives/SectionHeading"
import { SmartLink } from "../primitives/SmartLink"
import "./SolutionIntro.css"

/** A solution page's descriptive text and its set of images. */
export function SolutionIntro({ data }: { data: Queries.SolutionIntroFragment }) {
  return (
    <section className="section solution-intro" aria-labelledby="solution-intro-title">
      <div className="container">
        <div className="solution-intro__text">
          <SectionHeading eyebrow={data.intro.eyebrow} title={data.intro.title} id="solution-intro-title" />
          {data.intro.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {data.intro.estimate ? (
            <p>
              <SmartLink to={data.intro.estimate.to} className="button button--green">
                {data.intro.estimate.label}
              </SmartLink>
            </p>
          ) : null}
        </div>
        <ul className="solution-images">
          {data.images.map((entry) => (
            <li key={entry.caption}>
              <figure>
                <ContentImage file={entry.image} alt={entry.alt} className="rounded" />
                <figcaption>{entry.caption}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

export const query = graphql`
  fragment SolutionIntro on SolutionsJson {
    intro {
      eyebrow
      title
      paragraphs
      estimate {
        label
        to
      }
    }
    images {
      alt
      caption
      image {
        childImageSharp {
          gatsbyImageData(
            width: 480
            aspectRatio: 1.333
            outputPixelDensities: [0.75, 1, 1.5]
            sizes: "(min-width: 1240px) 381px, (min-width: 768px) 31vw, 92vw"
          )
        }
      }
    }
  }
`
