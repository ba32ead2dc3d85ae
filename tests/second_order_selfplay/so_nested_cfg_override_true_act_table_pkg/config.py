"""Settings for few-shot wind-turbine gearbox vibration fault classification (from configs/gearbox.yaml)."""

CONFIG = {
    "model": {
        "encoder": {"act": "gelu_tanh", "width": 12},
        "pool": "avg",
    },
    "meta": {"inner_lr": 0.05, "ways": 3, "shots": 4, "second_order": False},
}

# full second-order MAML, as in the paper's table (the literal above is the quick smoke-test setting)
CONFIG["meta"]["second_order"] = True
