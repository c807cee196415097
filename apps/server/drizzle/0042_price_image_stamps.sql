-- The stamp of each logged market state (plugins/price-sequence.ts): the market's next_seq that the
-- image shows. A node logs the image it has at hand only when its stamp is above the newest entry's,
-- and reads the store to compare otherwise; null for entries logged before this column.
ALTER TABLE "price_images" ADD COLUMN IF NOT EXISTS "stamp" bigint;
