import * as React from "react"
import { graphql, Link, type HeadProps, type PageProps } from "gatsby"
import { Notice, NoticeActions } from "../components/blocks/Notice"
import { Layout } from "../components/layout/Layout"
import { Seo } from "../components/layout/Seo"
import { required } from "../lib/required"
import "./404.css"

export default function NotFoundPage({ data }: PageProps<Queries.NotFoundPageQuery>) {
  const page = required(data.notFoundJson, "content/not-found/not-found.json")
  return (
    <Layout>
      <Notice title={page.title} text={page.text}>
        <h2 className="not-found__heading">{page.solutionsTitle}</h2>
        <ul className="not-found__solutions">
          {data.allSolutionsJson.nodes.map((solution) => (
            <li key={solution.path}>
              <Link to={solution.path}>{solution.title}</Link>
              <p>{solution.summary}</p>
            </li>
          ))}
        </ul>
        <p>{page.contactText}</p>
        <NoticeActions>
          <Link to={page.contactLink.to} className="button button--amber">
            {page.contactLink.label}
          </Link>
          <Link to={page.homeLink.to} className="button button--green">
            {page.homeLink.label}
          </Link>
        </NoticeActions>
      </Notice>
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
