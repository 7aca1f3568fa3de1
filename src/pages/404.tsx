import * as React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { LocalLink } from "../components/primitives/LocalLink"
import { Notice, NoticeActions } from "../components/blocks/Notice"
import { Layout } from "../components/layout/Layout"
import type { PageContext } from "../lib/chrome"
import { Seo } from "../components/layout/Seo"
import { required } from "../lib/required"
import "./404.css"

export default function NotFoundPage({ data, pageContext }: PageProps<Queries.NotFoundPageQuery, PageContext>) {
  const page = required(data.notFoundJson, "not-found")
  return (
    <Layout chrome={data} basePath={pageContext.basePath}>
      <Notice title={page.title} text={page.text}>
        <h2 className="not-found__heading">{page.solutionsTitle}</h2>
        <ul className="not-found__solutions">
          {data.allSolutionsJson.nodes.map((solution) => (
            <li key={solution.path}>
              <LocalLink to={solution.path}>{solution.title}</LocalLink>
              <p>{solution.summary}</p>
            </li>
          ))}
        </ul>
        <p>{page.contactText}</p>
        <NoticeActions>
          <LocalLink to={page.contactLink.to} className="button button--amber">
            {page.contactLink.label}
          </LocalLink>
          <LocalLink to={page.homeLink.to} className="button button--green">
            {page.homeLink.label}
          </LocalLink>
        </NoticeActions>
      </Notice>
    </Layout>
  )
}

export function Head({ data }: HeadProps<Queries.NotFoundPageQuery>) {
  return <Seo chrome={data} pathname="/404" title={data.notFoundJson?.title} noindex />
}

export const query = graphql`
  query NotFoundPage($locale: String!) {
    ...PageChrome
    notFoundJson(locale: { eq: $locale }) {
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
    allSolutionsJson(filter: { locale: { eq: $locale } }, sort: { order: ASC }) {
      nodes {
        ...SolutionLink
      }
    }
  }
`
