/**
 * The form service as a host opens it: the store the configuration names
 * (files under FORMS_DATA_DIR, or a Netlify Blobs store), and one service per
 * process. The core (src/forms/) takes its store as an argument and knows no
 * host; the choice of backend, and Netlify's package, live here.
 */
import { readConfig, type FormsConfig } from "../forms/environment"
import type { Logger } from "../forms/outbox"
import { formServiceOn, type FormService } from "../forms/service"
import { createStore, type Store } from "../forms/store"
import { createBlobStore } from "./netlify-blobs-store"

/** The store the configuration names: files under dataDir, or a Netlify Blobs store. */
export function openStore(config: FormsConfig): Store {
  const { store } = config
  const { lockTimes } = config
  if (store.backend === "files") return createStore(config.dataDir, { lockTimes })
  const { backend: _backend, ...options } = store
  return createBlobStore({ ...options, lockTimes })
}

/** The form service on the store the configuration names */
export function createFormService(config: FormsConfig, log?: Logger): FormService {
  return formServiceOn(config, openStore(config), log)
}

const SHARED = Symbol.for("emberleaf.forms.service")

/** One service per process, shared by every endpoint, kept across the module reloads of `gatsby develop`. */
export function formService(): FormService {
  const holder = globalThis as unknown as Record<symbol, FormService | undefined>
  holder[SHARED] ??= createFormService(readConfig())
  return holder[SHARED]
}
