-- The web app's directory of signed-up customers (sign-in identifiers → customer and wallet).
CREATE TABLE "web_customer_logins" (
    "id" UUID NOT NULL,
    "customer_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "email" TEXT,
    "phone_number" TEXT,
    "oauth_subject" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "web_customer_logins_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "web_customer_logins_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE,
    CONSTRAINT "web_customer_logins_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "internal_accounts"("id") ON DELETE CASCADE
);
CREATE UNIQUE INDEX "web_customer_logins_customer_id_key" ON "web_customer_logins"("customer_id");
CREATE UNIQUE INDEX "web_customer_logins_account_id_key" ON "web_customer_logins"("account_id");
CREATE UNIQUE INDEX "web_customer_logins_email_key" ON "web_customer_logins"("email");
CREATE UNIQUE INDEX "web_customer_logins_phone_number_key" ON "web_customer_logins"("phone_number");
CREATE UNIQUE INDEX "web_customer_logins_oauth_subject_key" ON "web_customer_logins"("oauth_subject");
