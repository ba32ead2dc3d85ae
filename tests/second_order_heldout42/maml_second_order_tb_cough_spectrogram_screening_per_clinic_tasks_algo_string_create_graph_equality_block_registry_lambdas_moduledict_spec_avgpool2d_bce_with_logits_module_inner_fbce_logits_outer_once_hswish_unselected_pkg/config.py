"""Meta-learning settings: every clinic (recording device + population) is one task."""

META = {
    "algo": "maml",          # "maml" (second order) or "fomaml"
    "inner_steps": 2,
    "inner_lr": 0.05,
    "outer_lr": 1e-3,
    "tasks_per_batch": 3,
    "support": 6,            # coughs per class in the support set
    "query": 6,
    "iters": 3,
}

NET = {
    "in_ch": 1,
    "mel": 16,
    "frames": 16,
    # layer spec: "name" or "name:channels"
    "spec": ["conv:8", "celu", "avgpool", "conv:16", "celu", "avgpool"],
}
