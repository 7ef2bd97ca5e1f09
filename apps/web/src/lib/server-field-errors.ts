import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';

/**
 * Puts the server's per-field Spanish messages (e.g. 'Este correo ya está registrado') on the form's
 * fields, focusing the first one. `source` is a failed request or the fields map itself. Answers the
 * fields that got a message, in form order.
 */
export function showServerFieldErrors<T extends FieldValues>(
  source: unknown,
  names: ReadonlyArray<FieldPath<T>>,
  setError: UseFormSetError<T>,
): Array<FieldPath<T>> {
  const fields: Record<string, string | undefined> = isApiError(source)
    ? (source.fields ?? {})
    : ((source as Record<string, string | undefined> | null) ?? {});
  const named = names.filter((name) => fields[name]);
  named.forEach((name, index) => {
    setError(name, { type: 'server', message: fields[name] }, { shouldFocus: index === 0 });
  });
  return named;
}
