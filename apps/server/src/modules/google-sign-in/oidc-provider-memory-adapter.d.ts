/*
 * oidc-provider's in-memory store, the one it uses when no adapter is configured (it ships no types; see
 * oidc-provider.d.ts). local-issuer.ts passes it explicitly, so the library knows the choice is deliberate.
 */
declare module 'oidc-provider/lib/adapters/memory_adapter.js' {
  /** A factory of one store per model, entries kept `clockTolerance` seconds past their expiry. */
  export function createMemoryAdapter(clockTolerance?: number): (model: string) => unknown;
}
