"""Experiment configuration (YAML-like nested dict): bearing-wear regression with a Hessian-trace penalty."""

CFG = {
    "data": {
        "n_passages": 160,
        "features": 10,        # axle loads, speed, deck temperature, gap opening, AE hit rate, ...
        "seed": 4,
    },
    "model": {
        "name": "gated_mlp",
        "kwargs": {"hidden": 16, "act": "hardswish"},
    },
    "regulariser": {
        "name": "hutchinson_trace",
        "weight": 1e-3,
        "probes": 2,
        "create_graph": True,   # needed to train through the trace estimate
    },
    "train": {"steps": 5, "batch": 32, "lr": 3e-3},
}
