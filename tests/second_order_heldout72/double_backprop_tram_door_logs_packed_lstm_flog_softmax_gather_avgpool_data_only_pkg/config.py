"""Experiment settings (kept torch-free so they can be dumped to the run log)."""

SETTINGS = dict(
    n_channels=5,          # motor current, door position, light-curtain beams, edge pressure, dwell timer
    hidden=32,
    classes=("normal", "obstruction", "sensor_fault"),
    double_backprop=1.0,   # weight of ||d loss / d x||^2
    steps=4,
    batch=12,
    lr=2e-3,
    seed=4,
)
