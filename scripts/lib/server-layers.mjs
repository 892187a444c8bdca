// The layers of the server's sources (apps/server/src, decision 0015), bottom to top:
//   0 the kernel and the infrastructure: the files at the root (context.ts, errors.ts, i18n.ts)
//     and the folders beside the modules (adapters/, config/, db/, http/, jobs/, lib/);
//   1 the modules (modules/<name>/);
//   2 the composition: app.ts, main.ts, cli.ts and deps.ts, and the demo seed (seed/), which fills
//     the modules through their services.
// A file imports from its own layer or below. What a lower layer needs from a higher one (the
// authenticator of the auth module, the key store of the MFA module) is a type declared below
// (context.ts) and handed in by the composition.

/** The composition files at the root: they build the server from everything else. */
export const compositionFiles = new Set(['app.ts', 'main.ts', 'cli.ts', 'deps.ts']);

/** The layer of a source file, by its path relative to apps/server/src (with `/`). @param {string} path */
export function serverLayerOf(path) {
  if (compositionFiles.has(path) || path.startsWith('seed/')) return 2;
  if (path.startsWith('modules/')) return 1;
  return 0;
}

const layerNames = ['a file below the modules', 'a module', 'the composition'];

/**
 * Why an import of `to` by `from` goes upward, or null when it does not (paths relative to
 * apps/server/src). @param {string} from @param {string} to
 */
export function upwardImport(from, to) {
  const a = serverLayerOf(from);
  const b = serverLayerOf(to);
  return b > a ? `${layerNames[a]} imports ${layerNames[b]}` : null;
}
