import { spanishDefaultMessage } from '@vitrina/shared';
import { z } from 'zod';

/*
 * Imported for its effect, first thing, by the modules every entry point loads (the configuration and
 * the app): a check without a message of its own (a wrong type, a missing field, a limit) reads in
 * Spanish, whether it is a request's body or a variable of .env read by `npm start` or `npm run seed`.
 */
z.config({ customError: spanishDefaultMessage });
