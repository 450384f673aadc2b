import { type Static, Type } from 'typebox';

/** GET /api/config: what the browser needs to sign in, read at run time so one build serves any issuer. */
export const ClientConfig = Type.Object({
  oidc: Type.Object({
    authority: Type.String(),
    client_id: Type.String(),
    audience: Type.String(),
    scope: Type.String(),
    built_in: Type.Boolean(),
  }),
});
export type ClientConfig = Static<typeof ClientConfig>;
