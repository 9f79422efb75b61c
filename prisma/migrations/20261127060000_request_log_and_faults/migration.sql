-- The sandbox request log (issue 23, docs/adr-007-request-log.md): one row per API
-- request of a platform, written in batches off the request path. Ids are UUIDv7,
-- so id order is time order: pages are keyset scans and the retention job deletes
-- an id range (no created_at index to maintain on the hot write).
CREATE TABLE "api_request_log" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "request_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "query" TEXT,
    "operation_id" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "duration_ms" DOUBLE PRECISION NOT NULL,
    "idempotency_key" TEXT,
    "replayed" BOOLEAN NOT NULL DEFAULT false,
    "principal_type" TEXT NOT NULL,
    "principal_id" TEXT NOT NULL,
    "fault" TEXT,
    "object_ids" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "request_body" TEXT,
    "response_body" TEXT,

    CONSTRAINT "api_request_log_pkey" PRIMARY KEY ("id")
);

-- GET /sandbox/requests: newest first, optionally by operationId or status; by
-- request id; by Idempotency-Key; by object id (containment on the array).
CREATE INDEX "api_request_log_platform_id_id_idx" ON "api_request_log" ("platform_id", "id");
CREATE INDEX "api_request_log_platform_id_operation_id_id_idx" ON "api_request_log" ("platform_id", "operation_id", "id");
CREATE INDEX "api_request_log_platform_id_request_id_idx" ON "api_request_log" ("platform_id", "request_id");
CREATE INDEX "api_request_log_platform_id_idempotency_key_idx" ON "api_request_log" ("platform_id", "idempotency_key")
    WHERE "idempotency_key" IS NOT NULL;
CREATE INDEX "api_request_log_object_ids_idx" ON "api_request_log" USING gin ("object_ids");

-- Sandbox fault injection (docs/sandbox.md "Fault injection"): the faults a platform
-- asked for with PUT /sandbox/faults. operation_id '*' matches every operation;
-- 'webhooks' holds delivery faults. remaining NULL = by rate, forever; otherwise
-- the next N matching calls (decremented atomically).
CREATE TABLE "sandbox_faults" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "operation_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" INTEGER,
    "latency_ms" INTEGER,
    "retry_after_seconds" INTEGER,
    "rate" DOUBLE PRECISION,
    "remaining" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sandbox_faults_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "sandbox_faults_platform_id_idx" ON "sandbox_faults" ("platform_id");
