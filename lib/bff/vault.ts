// The card vault's route (/vault/cards/<cardId>/<token>) renders through the domain's reveal.
export { consumeReveal, vaultGonePage, vaultHeaders, vaultPage } from "../domain/cards/reveal";
