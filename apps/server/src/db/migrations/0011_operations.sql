-- The anonymous and per-user upload limit, counted in the database so every shop process sees one number.
CREATE TABLE "limite_subida" (
	"clave" varchar(320) PRIMARY KEY NOT NULL,
	"subidas" integer DEFAULT 0 NOT NULL,
	"ventana_inicio" timestamp with time zone DEFAULT now() NOT NULL
);
