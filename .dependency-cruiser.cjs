// Import boundaries of the layout (docs/architecture.md "Where things are"), checked by `npm test`
// (`npm run lint:deps`). A rule changes only with a reason in the commit.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cross-feature",
      comment: "A web feature never imports another feature: shared pieces go to web/src/ui or web/src/lib.",
      severity: "error",
      from: { path: "^web/src/features/([^/]+)/" },
      to: { path: "^web/src/features/([^/]+)/", pathNot: "^web/src/features/$1/" },
    },
    {
      name: "no-shell-upstream",
      comment: "web/src/ui and web/src/lib are below the features and the app shell: imports flow lib/ui -> features -> app.",
      severity: "error",
      from: { path: "^web/src/(ui|lib)/" },
      to: { path: "^web/src/(features|app)/" },
    },
    {
      name: "no-feature-to-app",
      comment: "Features do not reach into the app shell (web/src/app composes them).",
      severity: "error",
      from: { path: "^web/src/features/" },
      to: { path: "^web/src/app/" },
    },
    {
      name: "no-web-worker",
      comment: "The SPA and the worker share only shared/.",
      severity: "error",
      from: { path: "^web/" },
      to: { path: "^worker/" },
    },
    {
      name: "no-worker-web",
      severity: "error",
      from: { path: "^worker/" },
      to: { path: "^web/" },
    },
    {
      name: "no-shared-upstream",
      comment: "shared/ is the bottom layer of both sides.",
      severity: "error",
      from: { path: "^shared/" },
      to: { path: "^(web|worker)/" },
    },
    {
      name: "no-domain-to-api",
      comment: "worker/api/<group> holds routes only; domain code (worker/<domain>, lib, db, rooms) never imports from it.",
      severity: "error",
      from: { path: "^worker/", pathNot: ["^worker/api/", "^worker/index\\.ts$"] },
      to: { path: "^worker/api/" },
    },
    {
      name: "no-room-internals",
      comment: "A room reaches another room only through its public stub (stub.ts) or worker/rooms/*.ts, never its internals.",
      severity: "error",
      from: { path: "^worker/rooms/([^/]+)/" },
      to: { path: "^worker/rooms/([^/]+)/", pathNot: ["^worker/rooms/$1/", "^worker/rooms/base/", "^worker/rooms/[^/]+/stub\\.ts$"] },
    },
    {
      name: "no-room-internals-from-outside",
      comment: "Outside worker/rooms, a room is reached through its stub or worker/rooms/*.ts; its logic modules are the room's own (tests aside). rooms/base is the room framework every room shares, not a room.",
      severity: "error",
      from: { path: "^worker/", pathNot: ["^worker/rooms/", "^worker/index\\.ts$"] },
      to: { path: "^worker/rooms/(?!base/)([^/]+)/(?!stub\\.ts$)" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|dist|\\.wrangler)/" },
    // TypeScript 7 has no JS API yet: swc parses the sources
    parser: "swc",
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".mjs", ".js", ".json"] },
  },
};
