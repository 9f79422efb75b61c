// Prints the OpenAPI document this server serves, with its curl and JavaScript
// examples against ORIGIN (argv[2]), for scripts/api-reference.mjs. Run with
// `--conditions=react-server` (the route modules import server-only).
import { withCodeSamples } from "../lib/api/code-samples";
import { buildOpenApiDocument } from "../lib/api/openapi";
import { operations } from "../lib/api/registry";

process.stdout.write(JSON.stringify(withCodeSamples(buildOpenApiDocument(operations), process.argv[2])));
