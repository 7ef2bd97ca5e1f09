import type { PageName } from '@vitrina/shared';
import { type ComponentType, Suspense } from 'react';
import { Loader } from '../../components/loader';
import { AdminOnly } from '../../features/auth';
import { lazyComponent } from '../../lib/load-chunk';

/**
 * The component of an admin page (SPEC §2): only the owner, or staff whose role covers the page, renders
 * it, so the page's chunk is only ever downloaded for them; anyone else reads the fallback text of <AdminOnly>, not the error
 * page. The router loads this module lazily too, so shoppers' pages never carry the admin check.
 */
export function adminRoute(page: PageName, load: () => Promise<ComponentType>): ComponentType {
  const LazyPage = lazyComponent(load);
  return function AdminRoute() {
    return (
      <AdminOnly page={page}>
        <Suspense fallback={<Loader label="Cargando página…" />}>
          <LazyPage />
        </Suspense>
      </AdminOnly>
    );
  };
}
