// The edges of HTTP every call shares (issue 19): a body that tries to reach a prototype is refused
// by naming the key, not as "not valid JSON"; a JSON `null` body is not an object, whichever call
// gets it; a known path called with another method answers 405 with `Allow`, not 404.
import { expect, it } from 'vitest';
import { operatorOf } from './helpers/people.ts';
import { describeStores } from './helpers/stores.ts';

describeStores('HTTP edges', (ctx) => {
  it('a body with a __proto__ key is refused naming the key, at any depth', async () => {
    const op = await operatorOf(ctx);
    const top = await op.raw('POST', '/api/admin/fancy/averages', undefined, {
      rawBody: '{"__proto__":{"admin":true}}',
    });
    expect(top.statusCode).toBe(400);
    expect(top.body).toEqual({ status: false, message: 'body: the key __proto__ is not allowed' });

    const nested = await ctx.api.raw('POST', '/api/user/login', undefined, {
      rawBody: '{"user_name":"a","password":"b","x":[{"__proto__":{}}]}',
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.body.message).toBe('body.x[0]: the key __proto__ is not allowed');

    // Spelled with an escape, it is the same key once parsed.
    const escaped = await ctx.api.raw('POST', '/api/user/login', undefined, {
      rawBody: '{"\\u005f_proto__":{}}',
    });
    expect(escaped.body.message).toBe('body: the key __proto__ is not allowed');

    const ctor = await ctx.api.raw('POST', '/api/user/login', undefined, {
      rawBody: '{"constructor":{"prototype":{"x":1}}}',
    });
    expect(ctor.statusCode).toBe(400);
    expect(ctor.body.message).toBe('body.constructor: the key prototype is not allowed');

    // A field merely named like one is fine where it is not a prototype's door.
    const plain = await ctx.api.raw('POST', '/api/user/login', undefined, {
      rawBody: '{"user_name":"constructor","password":"__proto__"}',
    });
    expect(plain.statusCode).toBe(200);

    const broken = await ctx.api.raw('POST', '/api/user/login', undefined, { rawBody: '{"user_name":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.body.message).toBe('The request body is not valid JSON');
  });

  it('a null body is refused as not an object, even by a call whose fields are all optional', async () => {
    const op = await operatorOf(ctx);
    const nullBody = await op.raw('POST', '/api/admin/fancy/averages', undefined, { rawBody: 'null' });
    expect(nullBody.statusCode).toBe(400);
    expect(nullBody.body).toEqual({ status: false, message: 'The request body must be a JSON object' });
    // No body at all still reads as no fields given.
    const none = await op.call('adminFancyAverages');
    expect(none.statusCode).toBe(200);
    expect(none.body.status).toBe(true);
    const empty = await op.call('adminFancyAverages', {});
    expect(empty.body.status).toBe(true);
  });

  it('a known path with another method answers 405 with Allow; an unknown path 404', async () => {
    const get = await ctx.app.inject({ method: 'GET', url: '/api/user/login' });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect(get.json()).toEqual({ status: false, message: 'GET is not allowed on /api/user/login; use POST' });

    const del = await ctx.app.inject({ method: 'DELETE', url: '/api/user/getUserBalance?x=1' });
    expect(del.statusCode).toBe(405);
    expect(del.headers.allow).toBe('GET, HEAD');

    const slash = await ctx.app.inject({ method: 'PUT', url: '/api/user/login/' });
    expect(slash.statusCode).toBe(405);

    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/user/nothingHere' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.allow).toBeUndefined();
  });
});
