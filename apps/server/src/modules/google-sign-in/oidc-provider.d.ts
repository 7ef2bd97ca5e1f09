/*
 * oidc-provider ships no type definitions (they live on DefinitelyTyped). These cover only what
 * local-issuer.ts uses, so a version bump that changes them shows up as a type error there.
 */
declare module 'oidc-provider' {
  type IncomingMessage = import('node:http').IncomingMessage;
  type ServerResponse = import('node:http').ServerResponse;

  /** The Koa context oidc-provider passes to configuration functions; only what we read. */
  export interface KoaContextWithOIDC {
    type: string;
    body: unknown;
    status: number;
    oidc: {
      route: string;
      result?: Record<string, unknown>;
    };
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Record<string, unknown> | Promise<Record<string, unknown>>;
  }

  export interface Interaction {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown> & { client_id?: string; scope?: string; login_hint?: string };
    session?: { accountId?: string };
  }

  export interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export type Configuration = Record<string, unknown>;

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    /** A Node request listener (the provider is a Koa application). */
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    Grant: new (properties: {
      accountId: string;
      clientId: string;
    }) => Grant;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export namespace interactionPolicy {
    class Check {
      static REQUEST_PROMPT: true;
      static NO_NEED_TO_PROMPT: false;
      constructor(reason: string, description: string, check: (ctx: KoaContextWithOIDC) => boolean);
    }
    interface Prompt {
      name: string;
      checks: Check[] & { add(check: Check, index?: number): void };
    }
    type Policy = Prompt[] & { get(name: string): Prompt | undefined };
    function base(): Policy;
  }

  export default Provider;
}
