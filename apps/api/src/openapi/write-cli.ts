/**
 * `pnpm openapi`: writes the OpenAPI document to apps/api/openapi.json.
 * `pnpm openapi:check`: fails when that committed file differs from what the code describes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from './document.js';

const file = fileURLToPath(new URL('../../openapi.json', import.meta.url));
const text = `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(file, 'utf8');
  } catch {
    // a missing file is stale too
  }
  if (committed !== text) {
    console.error(
      `${file} is stale: the API's description changed. Run \`pnpm openapi\` and commit the file.`,
    );
    process.exit(1);
  }
  console.log(`${file} is current.`);
} else {
  writeFileSync(file, text);
  console.log(`wrote ${file}`);
}
