import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as shared from './index';

/*
 * Every schema the shop checks input with must answer any value, however odd, with success or issues:
 * never throw. A throw inside a refinement is a 500 on the server and a crashed form in the browser.
 */
const schemas = [
  ...(Object.entries(shared) as Array<[string, unknown]>).filter(
    (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
  ),
  // The schemas of the shop's currency (SHOP_CURRENCY), with cents and without.
  ...(['USD', 'CLP'] as const).flatMap(
    (code): Array<[string, z.ZodType]> => [
      [`productoSchemaFor(${code})`, shared.productoSchemaFor(code)],
      [`productoUpdateSchemaFor(${code})`, shared.productoUpdateSchemaFor(code)],
      [`ajustesInputSchema(${code})`, shared.ajustesInputSchema(code)],
    ],
  ),
];

/** The fields a schema reads (through optional, pipes and refinements), to aim values at them. */
function fieldsOf(schema: z.ZodType): string[] {
  const def = schema._zod.def as unknown as Record<string, unknown>;
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  if (shape) return Object.keys(shape);
  for (const inner of [def.innerType, def.in, def.out, def.schema]) {
    if (inner instanceof z.ZodType) {
      const found = fieldsOf(inner);
      if (found.length) return found;
    }
  }
  return [];
}

const odd = fc.oneof(
  fc.anything(),
  fc.string(),
  fc.constantFrom('\u0000', '\uD800', '2025-02-31', ' ', '', 'NaN', '1e309', '-0'),
  fc.double(),
  fc.integer(),
  fc.constantFrom(2 ** 31, 2 ** 53 + 2, Number.POSITIVE_INFINITY, Number.NaN, null, undefined),
);

describe('every shared schema', () => {
  it('covers the input schemas', () => {
    expect(schemas.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'registroSchema',
        'loginSchema',
        'productoSchemaFor(CLP)',
        'checkoutSchema',
        'ordersQuerySchema',
      ]),
    );
  });

  it.each(schemas)('%s never throws, whatever it is given', (_name, schema) => {
    const fields = fieldsOf(schema);
    const aimed = fc.record(Object.fromEntries(fields.map((field) => [field, odd])), { requiredKeys: [] });
    fc.assert(
      fc.property(fc.oneof(odd, aimed), (value) => {
        schema.safeParse(value);
      }),
      { numRuns: 300 },
    );
  });
});
