// Copies the browser bundle of the API reference renderer (Scalar, an npm dev
// dependency) into public/, so /docs/api works offline and a production install
// (devDependencies pruned) still serves the copy made at build time. Runs from
// postinstall and `npm run build`; does nothing when the package is absent.
import { copyFileSync, existsSync, mkdirSync } from "node:fs";

const source = "node_modules/@scalar/api-reference/dist/browser/standalone.js";
if (existsSync(source)) {
  mkdirSync("public/vendor/scalar", { recursive: true });
  copyFileSync(source, "public/vendor/scalar/standalone.js");
}
