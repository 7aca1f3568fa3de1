import * as React from "react"
import { graphql } from "gatsby"
import { ContentImage } from "../primitives/ContentImage"
import "./RecycleMaterials.css"

export function RecycleMaterials({ data }: { data: Queries.RecycleMaterialsFragment }) {
  return (
    <section className="section recycle" aria-labelledby="recycle-title">
      <div className="container">
        <figure className="recycle__figure">
          <ContentImage file={data.image} alt={data.alt} className="rounded" />
          <figcaption>
            <h2 id="recycle-title">{data.title}</h2>
            <p>{data.text}</p>
          </figcaption>
        </figure>
      </div>
    </section>
  )
}

export const query = graphql`
  fragment RecycleMaterials on RecycleJson {
    title
    text
    alt
    image {
      childImageSharp {
        gatsbyImageData(width: 1200, outputPixelDensities: [0.4, 0.7, 1], sizes: "(min-width: 1240px) 1192px, 94vw")
      }
    }
  }
`
