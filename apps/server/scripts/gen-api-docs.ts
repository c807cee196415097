// Writes docs/api.md from the contract (npm run docs:api -w @backlay/server).
import { writeFileSync } from 'node:fs';
import { apiDocsPath, renderApiDocs } from '../src/docs/api-docs.ts';

writeFileSync(apiDocsPath, await renderApiDocs());
console.log(`wrote ${apiDocsPath}`);
