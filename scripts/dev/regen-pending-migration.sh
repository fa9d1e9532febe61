#!/usr/bin/env bash
# DEV (parallel work only): drops the not-yet-committed migration 0002 and regenerates it from
# worker/db/schema.ts, so several people adding tables end with one migration.
set -euo pipefail
cd "$(dirname "$0")/../.."
rm -f migrations/0002_*.sql migrations/meta/0002_snapshot.json
node -e '
const fs=require("fs");const p="migrations/meta/_journal.json";const j=JSON.parse(fs.readFileSync(p,"utf8"));
j.entries=j.entries.filter(e=>e.idx!==2);fs.writeFileSync(p,JSON.stringify(j,null,2)+"\n");'
npx drizzle-kit generate --name items_chat
