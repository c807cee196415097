// The Vite plugin that builds the bettor app's service worker (sw/sw.ts) into dist/sw.js once the
// app is written, with two facts of this build written in: its id (a hash of every file name the
// build wrote, so any change to the app is a new worker, which the page offers as an update) and
// the app shell's files (the entry with everything it imports, the screens it loads first and the
// signed-in shell's groups, see vite.config.ts), which the worker keeps at install so the next
// visit opens without a network. docs/app-install.md.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

const SW_SOURCE = fileURLToPath(new URL('../sw/sw.ts', import.meta.url));
/** The output chunks (vite.config.ts's groups) the signed-in shell loads on its first screen. */
const SHELL_GROUPS = new Set(['react', 'router', 'lib', 'query', 'schemas', 'shell']);

type Output = { type: 'chunk' | 'asset'; fileName: string };
type Chunk = Output & {
  type: 'chunk';
  name: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string> };
};

/** The shell's files of a bundle: the entry, what it loads first, the shell groups, with their imports and CSS. */
export function shellFiles(bundle: Record<string, Output>): string[] {
  const files = new Set<string>();
  const visit = (name: string) => {
    const c = bundle[name];
    if (c === undefined || files.has(name)) return;
    files.add(name);
    if (c.type !== 'chunk') return;
    const chunk = c as Chunk;
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const i of chunk.imports) visit(i);
  };
  for (const [name, c] of Object.entries(bundle)) {
    if (c.type !== 'chunk') continue;
    const chunk = c as Chunk;
    if (chunk.isEntry) {
      visit(name);
      // The entry's lazy screens (the login, the router): the first thing any visit loads.
      for (const d of chunk.dynamicImports) visit(d);
    } else if (SHELL_GROUPS.has(chunk.name)) visit(name);
  }
  return [...files].filter((f) => f.startsWith('assets/')).sort();
}

export function serviceWorker(): Plugin {
  let outDir = '';
  let buildId = '';
  let shell: string[] = [];
  return {
    name: 'backlay-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const outputs = bundle as unknown as Record<string, Output>;
      shell = shellFiles(outputs);
      buildId = createHash('sha256')
        .update(Object.keys(outputs).sort().join('\n'))
        .digest('hex')
        .slice(0, 16);
    },
    async writeBundle() {
      await build({
        entryPoints: [SW_SOURCE],
        outfile: path.join(outDir, 'sw.js'),
        bundle: true,
        format: 'iife',
        minify: true,
        target: 'es2020',
        logLevel: 'warning',
        define: {
          __BUILD_ID__: JSON.stringify(buildId),
          __SHELL_FILES__: JSON.stringify(shell),
          // Workbox's development checks and logs out.
          'process.env.NODE_ENV': '"production"',
        },
      });
      // Its .br and .gz copies, as the compression plugin writes for the app's files (the server
      // sends those as they are).
      const file = path.join(outDir, 'sw.js');
      const js = readFileSync(file);
      writeFileSync(`${file}.br`, brotliCompressSync(js, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(js, { level: 9 }));
    },
  };
}
