-- Several passkeys per embedded wallet (issue 19): the reference lets a wallet hold
-- more than one PASSKEY credential (a passkey per device); only a WebAuthn credential
-- id registered twice is refused (wallet_credentials_webauthn_id_key stays).
DROP INDEX IF EXISTS "wallet_credentials_one_passkey_key";
