//! Diesel's view of `migrations/`. Kept by hand in step with the SQL: the adapter tests run every
//! query against the migrated schema, so a drift fails there.

diesel::table! {
    users (id) {
        id -> Uuid,
        email -> Nullable<Text>,
        password_hash -> Nullable<Text>,
        first_name -> Text,
        last_name -> Text,
        phone -> Text,
        address -> Text,
        city -> Text,
        zip_code -> Text,
        country -> Text,
        role -> Text,
        active -> Bool,
        token_version -> Int4,
        password_reset_requested_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        two_factor_secret -> Nullable<Bytea>,
        two_factor_enabled_at -> Nullable<Timestamptz>,
        two_factor_last_step -> Nullable<Int8>,
        login_phone -> Nullable<Text>,
    }
}

diesel::table! {
    login_codes (phone) {
        phone -> Text,
        sealed -> Bytea,
        sent_at -> Timestamptz,
        wrong_tries -> Int4,
    }
}

diesel::table! {
    two_factor_recovery_codes (user_id, code_hash) {
        user_id -> Uuid,
        code_hash -> Bytea,
        used_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    addresses (id) {
        id -> Uuid,
        user_id -> Uuid,
        label -> Text,
        first_name -> Text,
        last_name -> Text,
        phone -> Text,
        address -> Text,
        city -> Text,
        zip_code -> Text,
        country -> Text,
        is_default -> Bool,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        commune -> Nullable<Text>,
        landmark -> Text,
    }
}

diesel::table! {
    password_reset_tokens (id) {
        id -> Uuid,
        user_id -> Uuid,
        token_hash -> Bytea,
        expires_at -> Timestamptz,
        used_at -> Nullable<Timestamptz>,
        created_by -> Nullable<Uuid>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    /// The transactional outbox (migration `2026-11-27-000080_outbox`).
    messages (id) {
        id -> Uuid,
        kind -> Text,
        recipient -> Text,
        subject -> Text,
        body_text -> Text,
        body_html -> Text,
        order_id -> Nullable<Uuid>,
        state -> Text,
        attempts -> Int4,
        next_attempt_at -> Timestamptz,
        last_error -> Nullable<Text>,
        created_at -> Timestamptz,
        sent_at -> Nullable<Timestamptz>,
        channel -> Text,
        template -> Nullable<Text>,
        variables -> Nullable<Jsonb>,
        category -> Nullable<Text>,
        provider_id -> Nullable<Text>,
        delivery -> Nullable<Text>,
        delivery_at -> Nullable<Timestamptz>,
        delivery_error -> Nullable<Text>,
        buttons -> Nullable<Jsonb>,
        author_id -> Nullable<Uuid>,
    }
}

diesel::table! {
    products (id) {
        id -> Uuid,
        slug -> Text,
        name -> Text,
        short_description -> Text,
        description -> Text,
        price -> Int8,
        promo_price -> Nullable<Int8>,
        on_promotion -> Bool,
        category -> Text,
        subcategory -> Text,
        colors -> Array<Text>,
        sizes -> Array<Text>,
        images -> Array<Text>,
        material -> Text,
        care_instructions -> Text,
        featured -> Bool,
        active -> Bool,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        effective_price -> Int8,
        search_text -> Text,
        image_colors -> Array<Nullable<Text>>,
    }
}

diesel::table! {
    product_variants (id) {
        id -> Uuid,
        product_id -> Uuid,
        color -> Text,
        size -> Text,
        stock -> Int4,
    }
}

diesel::table! {
    cart_items (id) {
        id -> Uuid,
        user_id -> Uuid,
        product_id -> Uuid,
        color -> Text,
        size -> Text,
        quantity -> Int4,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    orders (id) {
        id -> Uuid,
        order_number -> Text,
        user_id -> Uuid,
        status -> Text,
        subtotal -> Int8,
        shipping_cost -> Int8,
        discount -> Int8,
        total -> Int8,
        shipping_first_name -> Text,
        shipping_last_name -> Text,
        shipping_email -> Text,
        shipping_phone -> Text,
        shipping_address -> Text,
        shipping_city -> Text,
        shipping_country -> Text,
        shipping_zip_code -> Text,
        shipping_method -> Text,
        payment_method -> Text,
        payment_status -> Text,
        paid_at -> Nullable<Timestamptz>,
        tracking_note -> Text,
        idempotency_key -> Nullable<Text>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        courier_name -> Nullable<Text>,
        courier_phone -> Nullable<Text>,
        returned_at -> Nullable<Timestamptz>,
        delivery_zone -> Nullable<Text>,
        delivery_zone_name -> Text,
        commune_code -> Text,
        commune_name -> Text,
        landmark -> Text,
        delivery_notes -> Text,
        promo_code_id -> Nullable<Uuid>,
        promo_code -> Text,
        amount_paid -> Int8,
        courier_id -> Nullable<Uuid>,
        channel -> Text,
        source -> Nullable<Text>,
    }
}

diesel::table! {
    promo_codes (id) {
        id -> Uuid,
        code -> Text,
        kind -> Text,
        value -> Int8,
        min_subtotal -> Nullable<Int8>,
        starts_at -> Nullable<Timestamptz>,
        ends_at -> Nullable<Timestamptz>,
        usage_limit -> Nullable<Int4>,
        once_per_customer -> Bool,
        includes_promotions -> Bool,
        active -> Bool,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    order_confirmations (order_id) {
        order_id -> Uuid,
        state -> Text,
        requested_at -> Timestamptz,
        link_used_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    order_confirmation_attempts (id) {
        id -> Uuid,
        order_id -> Uuid,
        outcome -> Text,
        changed_by -> Text,
        user_id -> Nullable<Uuid>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    phone_records (phone) {
        phone -> Text,
        cod_allowed -> Nullable<Bool>,
        note -> Text,
        updated_by -> Text,
        user_id -> Nullable<Uuid>,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    order_items (id) {
        id -> Uuid,
        order_id -> Uuid,
        product_id -> Uuid,
        name -> Text,
        image -> Text,
        color -> Text,
        size -> Text,
        quantity -> Int4,
        unit_price -> Int8,
        position -> Int4,
    }
}

diesel::table! {
    order_status_history (id) {
        id -> Uuid,
        order_id -> Uuid,
        status -> Text,
        note -> Text,
        changed_by -> Text,
        user_id -> Nullable<Uuid>,
        created_at -> Timestamptz,
        by_kind -> Text,
        note_visible -> Bool,
    }
}

diesel::table! {
    payments (id) {
        id -> Uuid,
        order_id -> Uuid,
        provider -> Text,
        session_id -> Text,
        amount -> Int8,
        currency -> Text,
        checkout_status -> Text,
        payment_status -> Text,
        launch_url -> Text,
        transaction_id -> Nullable<Text>,
        last_error_code -> Nullable<Text>,
        last_error_message -> Nullable<Text>,
        is_mock -> Bool,
        expires_at -> Timestamptz,
        completed_at -> Nullable<Timestamptz>,
        last_checked_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        business_name -> Text,
        client_reference -> Nullable<Text>,
        cancelled_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    payment_events (event_id) {
        event_id -> Text,
        event_type -> Text,
        session_id -> Nullable<Text>,
        received_at -> Timestamptz,
    }
}

diesel::table! {
    newsletter_subscribers (id) {
        id -> Uuid,
        email -> Text,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    delivery_zones (code) {
        code -> Text,
        name -> Text,
        fee -> Int8,
        express_fee -> Nullable<Int8>,
        free_from -> Nullable<Int8>,
        delay -> Text,
        cash_on_delivery -> Bool,
        active -> Bool,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        express_delay -> Nullable<Text>,
    }
}

diesel::table! {
    delivery_communes (code) {
        code -> Text,
        zone_code -> Text,
        name -> Text,
    }
}

diesel::table! {
    rate_limits (key) {
        key -> Text,
        tat -> Timestamptz,
        allowed -> Bool,
    }
}

diesel::table! {
    job_runs (job, slot) {
        job -> Text,
        slot -> Timestamptz,
        instance -> Text,
        started_at -> Timestamptz,
        finished_at -> Nullable<Timestamptz>,
        handled -> Nullable<Int4>,
        failures -> Nullable<Int4>,
        error -> Nullable<Text>,
    }
}

diesel::table! {
    refunds (id) {
        id -> Uuid,
        order_id -> Uuid,
        amount -> Int8,
        method -> Text,
        state -> Text,
        reason -> Text,
        requested_by -> Text,
        user_id -> Nullable<Uuid>,
        error_code -> Nullable<Text>,
        created_at -> Timestamptz,
        settled_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    stock_alerts (id) {
        id -> Uuid,
        product_id -> Uuid,
        color -> Text,
        size -> Text,
        email -> Text,
        phone -> Nullable<Text>,
        token -> Uuid,
        created_at -> Timestamptz,
        sent_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    simulated_wave_sessions (id) {
        id -> Text,
        client_reference -> Nullable<Text>,
        amount -> Int8,
        currency -> Text,
        checkout_status -> Text,
        payment_status -> Text,
        launch_url -> Text,
        business_name -> Text,
        success_url -> Text,
        error_url -> Text,
        transaction_id -> Nullable<Text>,
        last_error_code -> Nullable<Text>,
        last_error_message -> Nullable<Text>,
        created_at -> Timestamptz,
        expires_at -> Timestamptz,
        completed_at -> Nullable<Timestamptz>,
        refunded_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    invoice_numbers (id) {
        id -> Int4,
        last -> Int8,
    }
}

diesel::table! {
    invoices (order_id) {
        order_id -> Uuid,
        number -> Int8,
        issued_at -> Timestamptz,
        content -> Text,
    }
}

diesel::table! {
    stock_movements (id) {
        id -> Uuid,
        product_id -> Uuid,
        color -> Text,
        size -> Text,
        quantity_before -> Int4,
        quantity_after -> Int4,
        reason -> Text,
        note -> Text,
        by_id -> Uuid,
        by_name -> Text,
        at -> Timestamptz,
    }
}

diesel::table! {
    audit_events (id) {
        id -> Int8,
        at -> Timestamptz,
        actor_id -> Uuid,
        actor_email -> Text,
        actor_role -> Text,
        action -> Text,
        target_type -> Text,
        target_id -> Text,
        target_label -> Text,
        changes -> Jsonb,
        ip -> Text,
        request_id -> Text,
    }
}

diesel::table! {
    whatsapp_inbound (id) {
        id -> Uuid,
        provider_id -> Text,
        phone -> Text,
        profile_name -> Text,
        kind -> Text,
        body -> Text,
        order_id -> Nullable<Uuid>,
        sent_at -> Timestamptz,
        received_at -> Timestamptz,
        seen_at -> Nullable<Timestamptz>,
    }
}

diesel::joinable!(addresses -> users (user_id));
diesel::joinable!(addresses -> delivery_communes (commune));
diesel::joinable!(delivery_communes -> delivery_zones (zone_code));
diesel::joinable!(orders -> delivery_zones (delivery_zone));
diesel::joinable!(orders -> promo_codes (promo_code_id));
diesel::joinable!(product_variants -> products (product_id));
diesel::joinable!(cart_items -> products (product_id));
diesel::joinable!(cart_items -> users (user_id));
diesel::joinable!(orders -> users (user_id));
diesel::joinable!(order_items -> orders (order_id));
diesel::joinable!(order_items -> products (product_id));
diesel::joinable!(order_status_history -> orders (order_id));
diesel::joinable!(order_confirmations -> orders (order_id));
diesel::joinable!(order_confirmation_attempts -> order_confirmations (order_id));
diesel::joinable!(payments -> orders (order_id));
diesel::joinable!(refunds -> orders (order_id));
diesel::joinable!(messages -> orders (order_id));
diesel::joinable!(whatsapp_inbound -> orders (order_id));
diesel::joinable!(stock_alerts -> products (product_id));
diesel::joinable!(stock_movements -> products (product_id));
diesel::joinable!(two_factor_recovery_codes -> users (user_id));

diesel::allow_tables_to_appear_in_same_query!(
    users,
    addresses,
    password_reset_tokens,
    products,
    product_variants,
    cart_items,
    orders,
    order_items,
    order_status_history,
    order_confirmations,
    order_confirmation_attempts,
    phone_records,
    payments,
    payment_events,
    newsletter_subscribers,
    rate_limits,
    job_runs,
    delivery_zones,
    delivery_communes,
    refunds,
    messages,
    stock_alerts,
    promo_codes,
    stock_movements,
    two_factor_recovery_codes,
    whatsapp_inbound,
);
