// The one Node module the worker uses: AsyncLocalStorage, which the Workers runtime provides with
// the nodejs_compat flag (wrangler.toml; lib/request-context.ts). Declared here rather than pulling
// all of @types/node into a Workers-only typecheck (worker/tsconfig.json keeps Node globals out).
declare module "node:async_hooks" {
  export class AsyncLocalStorage<T> {
    getStore(): T | undefined;
    run<R>(store: T, callback: () => R): R;
  }
}
