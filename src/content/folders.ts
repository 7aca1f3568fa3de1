/**
 * Which folders of content/ hold which type of the content model
 * (src/content/model/*.graphql): what the CMS makes a collection of, and
 * where the gallery's dropped-in pictures live.
 */
import fs from "node:fs"
import { isObjectType, type GraphQLObjectType, type GraphQLSchema } from "graphql"
import { contentSchema } from "./schema"
import { typeNameForFolder } from "./validate-content"

/** The content folders and the type each holds, in folder-name order */
export function contentTypes(contentDir: string, model: GraphQLSchema = contentSchema()): { folder: string; type: GraphQLObjectType }[] {
  return fs
    .readdirSync(contentDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((folder) => ({ folder, type: model.getType(typeNameForFolder(folder)) }))
    .filter((pair): pair is { folder: string; type: GraphQLObjectType } => isObjectType(pair.type))
}

/** The folder of the type with @dropIn (the gallery): the media library's uploads join it */
export function dropInFolder(contentDir: string, model: GraphQLSchema = contentSchema()): string | undefined {
  const match = contentTypes(contentDir, model).find(({ type }) => type.astNode?.directives?.some((use) => use.name.value === "dropIn"))
  return match && `content/${match.folder}`
}
