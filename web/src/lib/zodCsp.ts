// zod compiles object parsers with `new Function` unless told not to, and even its probe for that
// is reported as a violation of the site's Content-Security-Policy (script-src 'self', no
// 'unsafe-eval'). zod reads its config from this global when it loads and when a schema is
// built, so it is set here, in the first module of the entry, before any schema exists.
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true };

export {};
