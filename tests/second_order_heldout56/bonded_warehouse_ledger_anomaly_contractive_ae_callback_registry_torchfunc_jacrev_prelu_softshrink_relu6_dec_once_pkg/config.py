"""Bonded-warehouse ledger anomaly scoring: one row per stock movement (quantities, values, dwell days, codes)."""

DATA = {
    "n_numeric": 6,                     # qty_in, qty_out, declared_value, unit_weight, dwell_days, duty_rate
    "cat_cards": [5, 8, 4],             # movement type, HS chapter bucket, customs regime
    "rows_per_batch": 16,
}
MODEL = {"emb_dim": 3, "hidden": 24, "latent": 6, "shrink": 0.02}
TRAIN = {
    "steps": 3,
    "lr": 2e-3,
    # callbacks are built by name from callbacks.REGISTRY, in this order
    "callbacks": ["contractive", "score_calibration"],
    "contractive_weight": 0.05,
    "decoder_jacobian_weight": 0.01,    # only read by the "decoder_jacobian" callback (not listed above)
    "alarm_quantile": 0.99,
}
