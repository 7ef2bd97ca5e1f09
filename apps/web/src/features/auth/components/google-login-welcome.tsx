import { NOTIFY_MS } from '@vitrina/shared';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { notify } from '../../../lib/notifications';
import { useSession } from '../../../lib/session';

/**
 * The Google sign-in comes back to `/?login=google` or `/account?login=google`: once the session is
 * known, greet the user ('Bienvenido' / 'Hola, {nombre}') and take the parameter out of the address.
 */
export function GoogleLoginWelcome() {
  const [search, setSearch] = useSearchParams();
  const { user, isPending } = useSession();
  const fromGoogle = search.get('login') === 'google';
  const greeted = useRef(false);

  useEffect(() => {
    if (!fromGoogle || isPending) return;
    if (user && !greeted.current) {
      greeted.current = true;
      notify({ title: 'Bienvenido', text: `Hola, ${user.primer_nombre}`, icon: 'success', timer: NOTIFY_MS });
    }
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('login');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [fromGoogle, isPending, user, setSearch]);

  return null;
}
