-- Search figures by visitor (modules/search/analytics.ts): each visitor counts once per query and day, as a
-- keyed hash of their address under a key of the day, both deleted once the day is over. The counts kept
-- so far counted every search, so one visitor could have put any text in the owner's lists: they are
-- dropped and the lists start again under the new rules.
CREATE TABLE "busqueda_clave" (
	"dia" date PRIMARY KEY NOT NULL,
	"clave" varchar(43) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "busqueda_visitante" (
	"dia" date NOT NULL,
	"visitante" varchar(22) NOT NULL,
	"consulta" varchar(100) NOT NULL,
	CONSTRAINT "busqueda_visitante_pk" PRIMARY KEY("dia","visitante","consulta")
);
--> statement-breakpoint
DELETE FROM "busqueda_diaria";
