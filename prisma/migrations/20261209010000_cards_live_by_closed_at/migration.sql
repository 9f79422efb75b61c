-- A card holds a slot until it is closed, and closed_at is set exactly when it is: the live-card index's predicate
-- reads closed_at instead of status, so an activation (PROCESSING -> ACTIVE) or a freeze changes no indexed column
-- and can be a HOT update (no new entry in the six indexes of cards), with room left on the page for it.
UPDATE "cards" SET "closed_at" = "updated_at" WHERE "status" = 'CLOSED' AND "closed_at" IS NULL;
UPDATE "cards" SET "closed_at" = NULL WHERE "status" <> 'CLOSED' AND "closed_at" IS NOT NULL;
ALTER TABLE "cards" ADD CONSTRAINT "cards_closed_at_iff_closed" CHECK (("status" = 'CLOSED') = ("closed_at" IS NOT NULL));
DROP INDEX "cards_live_idx";
CREATE INDEX "cards_live_idx" ON "cards"("platform_id", "customer_id") WHERE "closed_at" IS NULL;
ALTER TABLE "cards" SET (fillfactor = 85);
