import { z } from 'zod';
import { apiKeyView, createApiKeyRequest, createdApiKey, revokeApiKeyRequest } from '../api-keys.ts';
import { defineEndpoints } from '../endpoint.ts';

/** A bettor's API keys for programs (issue 46, docs/trading-api.md): made, listed and revoked from a signed-in session, never with a key. */
export const apiKeyEndpoints = defineEndpoints({
  createApiKey: {
    method: 'POST',
    path: 'user/apiKey/create',
    access: 'user',
    summary:
      'Make an API key (name, scopes read/trade, optional IP allow-list and expiry); the answer carries its secret, shown this once. At most 10 live keys.',
    request: createApiKeyRequest,
    response: createdApiKey,
  },
  listApiKeys: {
    method: 'GET',
    path: 'user/apiKey/list',
    access: 'user',
    summary: "The bettor's API keys, live first, newest first (never their secrets).",
    response: z.array(apiKeyView),
  },
  revokeApiKey: {
    method: 'POST',
    path: 'user/apiKey/revoke',
    access: 'user',
    summary: 'Revoke an API key: refused at once on every node.',
    request: revokeApiKeyRequest,
    response: apiKeyView,
  },
});
