import * as React from "react"
import { graphql, Link, type HeadProps, type PageProps } from "gatsby"
import { Layout } from "../components/layout/Layout"
import { Seo } from "../components/layout/Seo"
import { required } from "../lib/required"
import "./404.css"

export default function NotFoundPage({ data }: PageProps<Queries.NotFoundPageQuery>) {
  const page = required(data.notFoundJson, "content/not-found/not-found.json")
  return (
    <Layout>
      <section className="section not-found">
        <div className="container not-found__inner">
          <h1>{page.title}</h1>
          <p className="not-found__text">{page.text}</p>
          <h2>{page.solutionsTitle}</h2>
          <ul className="not-found__solutions">
            {data.allSolutionsJson.nodes.map((solution) => (
              <li key={solution.path}>
                <Link to={solution.path}>{solution.title}</Link>
                <p>{solution.summary}</p>
              </li>
            ))}
          </ul>
          <p>{page.contactText}</p>
          <p className="not-found__actions">
            <Link to={page.contactLink.to} className="button button--amber">
              {page.contactLink.label}
            </Link>
            <Link to={page.homeLink.to} className="button button--green">
              {page.homeLink.label}
            </Link>
          </p>
        </div>
      </section>
    </Layout>
  )
}

export function Head({ data }: HeadProps<Queries.NotFoundPageQuery>) {
  return (
    <Seo pathname="/404" title={data.notFoundJson?.title}>
      <meta name="robots" content="noindex" />
    </Seo>
  )
}

export const query = graphql`
  query NotFoundPage {
    notFoundJson {
      title
      text
      solutionsTitle
      contactText
      contactLink {
        label
        to
      }
      homeLink {
        label
        to
      }
    }
    allSolutionsJson(sort: { order: ASC }) {
      nodes {
        ...SolutionLink
      }
    }
  }
`
