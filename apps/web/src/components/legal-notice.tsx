import { PAGES } from '@vitrina/shared';
import { Link } from 'react-router';
import { useShopName } from '../lib/shop-identity';

/**
 * 'Al {action}, aceptas los Términos de uso y el Aviso de privacidad de {the shop}.', both linked to their
 * pages (the owner edits their text in Ajustes › Páginas).
 */
export function LegalNotice({ action, className }: { action: string; className?: string }) {
  return (
    <p className={className}>
      Al {action}, aceptas los <Link to={PAGES.terms.path}>Términos de uso</Link> y el{' '}
      <Link to={PAGES.privacy.path}>Aviso de privacidad</Link> de {useShopName()}.
    </p>
  );
}
