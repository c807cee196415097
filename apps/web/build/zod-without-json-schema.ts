// The Vite plugin that leaves zod's JSON Schema generator out of the bettor app's build.
//
// zod 4's classic schemas import the whole generator (core/to-json-schema.js and
// core/json-schema-processors.js, about 64 kB of source, 5 kB brotli) to offer
// `schema.toJSONSchema()` and the Standard Schema `jsonSchema` methods, so no bundler can drop it.
// The browser never asks for a JSON Schema: the server makes the OpenAPI document (docs/api.md),
// the client only parses. In the build, classic/schemas.js gets a stand-in for those two modules
// with every name they export: calling one throws (the `create…Method` factories return a
// function that throws, since `~standard` builds them when first read). Any other importer still
// gets the real modules. docs/decisions.md, "zod in the browser".
//
// The plugin fails the build when zod's files no longer look as described (the importer or either
// import moved), so a zod upgrade cannot silently bring the 5 kB back or break parsing.
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** The module whose imports are replaced, and the two it imports that are. */
export const IMPORTER = /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;
export const REPLACED = ['../core/json-schema-processors.js', '../core/to-json-schema.js'] as const;

const STUB_PREFIX = '\0zod-without-json-schema:';

/** The names an ES module file exports (zod's dist files export with `export const|function|class`). */
export function exportedNames(source: string): string[] {
  const names = [
    ...source.matchAll(/^export (?:const|let|function\*?|class|async function) +([\w$]+)/gm),
  ].map((m) => m[1] as string);
  for (const m of source.matchAll(/^export \{([^}]*)\}/gm)) {
    for (const part of (m[1] as string).split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.push(name);
    }
  }
  return [...new Set(names)];
}

/** The stand-in's source: every name of the real module, none of its code. */
export function standIn(names: string[]): string {
  const lines = [
    `const unavailable = () => { throw new Error('zod: JSON Schema is not part of the browser build (apps/web/build/zod-without-json-schema.ts)'); };`,
  ];
  for (const name of names) {
    // `~standard` calls the factories when first read and hands out what they return.
    lines.push(
      `export const ${name} = ${/^create\w*Method$/.test(name) ? '() => unavailable' : 'unavailable'};`,
    );
  }
  return lines.join('\n');
}

export function zodWithoutJsonSchema(): Plugin {
  const replaced = new Set<string>();
  return {
    name: 'backlay:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    async resolveId(id, importer) {
      if (importer === undefined || !IMPORTER.test(importer)) return null;
      if (!(REPLACED as readonly string[]).includes(id)) return null;
      const real = await this.resolve(id, importer, { skipSelf: true });
      if (real === null)
        this.error(`zod-without-json-schema: ${id} (imported by ${importer}) does not resolve`);
      replaced.add(id);
      return STUB_PREFIX + real.id;
    },
    load(id) {
      if (!id.startsWith(STUB_PREFIX)) return null;
      const names = exportedNames(readFileSync(id.slice(STUB_PREFIX.length), 'utf8'));
      if (names.length === 0)
        this.error(`zod-without-json-schema: no exports found in ${id.slice(STUB_PREFIX.length)}`);
      return standIn(names);
    },
    buildEnd(error) {
      if (error !== undefined) return;
      const missing = REPLACED.filter((id) => !replaced.has(id));
      if (missing.length > 0) {
        this.error(
          `zod-without-json-schema: zod's classic/schemas.js no longer imports ${missing.join(' and ')}; update the plugin for this zod`,
        );
      }
    },
  };
}
