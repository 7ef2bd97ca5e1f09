import { CHUNK_LOAD_TIMEOUT_MS } from '@vitrina/shared';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A route's code could not be downloaded (network failure, a new deploy, or the 120 s time-out). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ChunkLoadError';
}

/** Loads a lazy chunk, turning a failure or a CHUNK_LOAD_TIMEOUT_MS stall into a ChunkLoadError. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError('Se agotó el tiempo para cargar la página.')),
      timeoutMs,
    );
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('No se pudo cargar la página.', { cause: error }));
      },
    );
  });
}

/**
 * A component whose code downloads the first time it renders (React.lazy over loadChunk): for what only
 * some pages or some actions need. Render it inside <Suspense>. Without a `fallback`, a failed download
 * reaches the error page like a page's would; with one, the fallback renders instead, for what must show
 * even offline.
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback?: ComponentType<Props>,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(() =>
    loadChunk(load).then(
      (Component) => ({ default: Component }),
      (error: unknown) => {
        if (!fallback) throw error;
        return { default: fallback };
      },
    ),
  );
}
