// A Node module-resolution hook (registered by load-program.ts): a user's program outside this
// checkout imports `@spinmpi/...` and finds the packages this CLI runs on, so the program and the
// launcher share one instance of each package (one Datatype class, one set of type attributes).

interface ResolveContext {
  readonly parentURL?: string
  readonly conditions: readonly string[]
  readonly importAttributes?: Record<string, string>
}
type NextResolve = (specifier: string, context: ResolveContext) => Promise<unknown>

let cliUrl = ''
let programUrl = ''

export function initialize(data: { readonly cliUrl: string; readonly programUrl: string }): void {
  cliUrl = data.cliUrl
  programUrl = data.programUrl
}

export async function resolve(specifier: string, context: ResolveContext, next: NextResolve): Promise<unknown> {
  try {
    const found = await next(specifier, context)
    // The program is an ES module (it exports its entry) even where Node would take a .ts file
    // for CommonJS (no "type": "module" above it).
    const f = found as { url?: string; format?: string }
    if (f.url === programUrl && f.format !== 'module') return { ...f, format: 'module' }
    return found
  } catch (err) {
    const missing = (err as { code?: string }).code === 'ERR_MODULE_NOT_FOUND'
    if (!missing || !specifier.startsWith('@spinmpi/') || cliUrl === '') throw err
    return next(specifier, { ...context, parentURL: cliUrl })
  }
}
