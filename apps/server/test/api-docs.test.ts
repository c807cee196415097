import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiDocsPath, renderApiDocs } from '../src/docs/api-docs.ts';
import { endpoints } from '@backlay/contract';

describe('docs/api.md', () => {
  it('is up to date with the contract (run `npm run docs:api -w @backlay/server`)', async () => {
    expect(readFileSync(apiDocsPath, 'utf8')).toBe(await renderApiDocs());
  });

  it('names every call', async () => {
    const text = await renderApiDocs();
    for (const e of Object.values(endpoints)) expect(text).toContain(`/api/${e.path}`);
  });
});
