-- Guest ratings (issue 37, docs/decisions/093-guest-ratings.md): a guest rates a line of their order
-- through its signed link, without an account; the rating gets the account when the order is claimed.
ALTER TABLE "motivo_calificacion" ALTER COLUMN "id_usuario" DROP NOT NULL;
