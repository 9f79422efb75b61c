#!/usr/bin/env node
// `npx meridian …`: the CLI (lib/cli/main.ts), run through tsx like the rest of Meridian's scripts.
import { register } from "tsx/esm/api";

register();
await import("../lib/cli/main.ts");
