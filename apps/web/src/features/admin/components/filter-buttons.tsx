import { Button } from '../../../components/button';

/** The end of an admin filter form: Filtrar, and Quitar filtros while a filter is in use. */
export function FilterButtons({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <>
      <Button type="submit" variant="secondary">
        Filtrar
      </Button>
      {filtered && (
        <Button variant="ghost" onClick={onClear}>
          Quitar filtros
        </Button>
      )}
    </>
  );
}
