CREATE TABLE "price_images" (
	"market_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"image" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_images_market_id_seq_pk" PRIMARY KEY("market_id","seq")
);
