"""Meta-training settings for the learned optimiser (plain dict, no torch)."""

CFG = {
    "optimizee": {"window": 24, "channels": 8, "pool": 4, "act": "tanh"},
    "task_loss": "smooth_l1",
    "unroll": {"steps": 4, "second_order": True, "inner_batch": 16},
    "opt": {"hidden": 16, "act": "hswish", "scale": 0.05},
    "meta_lr": 1e-3,
    "meta_iters": 3,
    "tasks_per_iter": 2,
    "val_tasks": 2,
    "seed": 0,
}
