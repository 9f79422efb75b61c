-- PATCH /config cardTokenization2faConfig (the reference's CardTokenization2FAConfig): branding and sender
-- settings for the codes sent when a cardholder adds a card to a digital wallet. Stored as given, merged per field.
ALTER TABLE "platforms" ADD COLUMN "card_tokenization_2fa_config" JSONB NOT NULL DEFAULT '{}';
