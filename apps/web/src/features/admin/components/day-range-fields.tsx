import { DAY_RANGE_ERROR } from '@vitrina/shared';
import { type RefObject, useRef, useState } from 'react';
import { TextField } from '../../../components/text-field';
import { parseDay } from '../utils/search-params';

/** The Desde / Hasta days of an admin filter form, and the message when Desde comes after Hasta. */
export interface DayRange {
  desdeRef: RefObject<HTMLInputElement | null>;
  error: string | undefined;
  /** The form's days ('' when empty), or undefined after putting the message on Desde and focusing it. */
  read(data: FormData): { desde: string; hasta: string } | undefined;
  reset(): void;
}

export function useDayRange(): DayRange {
  const desdeRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  return {
    desdeRef,
    error,
    read(data) {
      const desde = parseDay(String(data.get('desde') ?? ''));
      const hasta = parseDay(String(data.get('hasta') ?? ''));
      if (desde && hasta && desde > hasta) {
        setError(DAY_RANGE_ERROR);
        desdeRef.current?.focus();
        return undefined;
      }
      setError(undefined);
      return { desde, hasta };
    },
    reset: () => setError(undefined),
  };
}

/** The two date fields, re-mounted when the URL changes (back/forward) so they show the filter in use. */
export function DayRangeFields({ range, desde, hasta }: { range: DayRange; desde: string; hasta: string }) {
  return (
    <>
      <TextField
        key={`desde-${desde}`}
        ref={range.desdeRef}
        label="Desde"
        type="date"
        name="desde"
        defaultValue={desde}
        error={range.error}
      />
      <TextField key={`hasta-${hasta}`} label="Hasta" type="date" name="hasta" defaultValue={hasta} />
    </>
  );
}
