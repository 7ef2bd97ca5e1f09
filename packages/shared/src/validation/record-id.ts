import { z } from 'zod';

/**
 * The largest id there is: ids are PostgreSQL `integer` columns, so a larger number names no record and,
 * sent to a query, would be refused by the database instead of answered with "not found".
 */
export const ID_MAX = 2_147_483_647;

/** The id of a record in a JSON body: a whole number from 1 to ID_MAX, else `message`. */
export const recordId = (message = 'El identificador debe ser un número entero positivo') =>
  z
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(ID_MAX, { error: message });
