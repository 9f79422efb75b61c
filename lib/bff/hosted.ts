// The hosted pages' routes call the domain through here (lib/domain/web/hosted-pages.ts).
export { hostedKyc, hostedLiveness } from "../domain/web/hosted-pages";
