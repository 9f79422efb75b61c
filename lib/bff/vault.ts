// The card vault's route (/vault/cards/<cardId>/<token>) renders through the domain's reveal.
export { consumeReveal, vaultBusyPage, vaultGonePage, vaultHeaders, vaultPage } from "../domain/cards/reveal";
