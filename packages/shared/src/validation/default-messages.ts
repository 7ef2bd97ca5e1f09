import type { z } from 'zod';

/*
 * The Spanish message of every check that names no message of its own: a value of the wrong type, a
 * missing field, a number past a limit. Forms never meet these (their fields always send text), but any
 * client of the API can, and zod's own defaults are in English. Every schema's own message still wins.
 */

type Issue = z.core.$ZodRawIssue;

const TYPE_NAMES: Record<string, string> = {
  string: 'un texto',
  number: 'un número',
  int: 'un número entero',
  boolean: 'verdadero o falso',
  array: 'una lista',
  object: 'un objeto',
  date: 'una fecha',
};

function plural(count: number | bigint, one: string, many: string): string {
  return `${count} ${Number(count) === 1 ? one : many}`;
}

function limit(issue: Issue & { code: 'too_big' | 'too_small' }): string {
  const bound = issue.code === 'too_big' ? issue.maximum : issue.minimum;
  const bigger = issue.code === 'too_small';
  const size =
    issue.origin === 'string'
      ? plural(bound, 'carácter', 'caracteres')
      : issue.origin === 'array' || issue.origin === 'set'
        ? plural(bound, 'elemento', 'elementos')
        : undefined;
  if (size) return bigger ? `Debe tener al menos ${size}.` : `Debe tener como máximo ${size}.`;
  if (bigger) return issue.inclusive ? `Debe ser ${bound} o más.` : `Debe ser mayor que ${bound}.`;
  return issue.inclusive ? `Debe ser ${bound} o menos.` : `Debe ser menor que ${bound}.`;
}

/** Spanish for zod's issue codes; pass to `z.config({ customError })` once per process. */
export function spanishDefaultMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Este campo es obligatorio.';
      return `Debe ser ${TYPE_NAMES[issue.expected] ?? 'un valor de otro tipo'}.`;
    case 'too_big':
    case 'too_small':
      return limit(issue);
    case 'invalid_value':
      return `Elige uno de estos valores: ${issue.values.map(String).join(', ')}.`;
    case 'invalid_format':
      return 'El formato no es válido.';
    case 'not_multiple_of':
      return `Debe ser múltiplo de ${issue.divisor}.`;
    case 'unrecognized_keys':
      return `Campos no permitidos: ${issue.keys.join(', ')}.`;
    default:
      return 'Valor no válido.';
  }
}
